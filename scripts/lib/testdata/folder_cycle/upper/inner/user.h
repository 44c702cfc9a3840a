#include "lower/value.h"
