#ifndef TREEREVIEW_CMALLOC_SHIM_H
#define TREEREVIEW_CMALLOC_SHIM_H

/// glibc's allocator settings (`mallopt`), which the Glibc module does not import.
#include <malloc.h>

#endif
