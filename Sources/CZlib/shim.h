#ifndef TREEREVIEW_CZLIB_SHIM_H
#define TREEREVIEW_CZLIB_SHIM_H

#include <zlib.h>

/// `inflateInit` is a macro with arguments, which Swift does not import.
static inline int treereview_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}

#endif
