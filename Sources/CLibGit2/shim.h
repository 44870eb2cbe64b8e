#ifndef TREEREVIEW_CLIBGIT2_SHIM_H
#define TREEREVIEW_CLIBGIT2_SHIM_H

#include <git2.h>
#include <git2/sys/repository.h>

/// `git_libgit2_opts` is variadic and not imported into Swift; these wrap the calls we need.
static inline int treereview_git_set_cache_object_limit(int type, size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, size);
}


#endif
