// The planted cycle: lower/ includes upper/, which includes lower/.
#include "upper/inner/user.h"
