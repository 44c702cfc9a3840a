#include "upper/inner/user.h"
#include <vector>
