#ifndef TREEREVIEW_CDEFLATE_SHIM_H
#define TREEREVIEW_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
