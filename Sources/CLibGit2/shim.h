#ifndef TREEREVIEW_CLIBGIT2_SHIM_H
#define TREEREVIEW_CLIBGIT2_SHIM_H

#include <git2.h>
#include <git2/sys/repository.h>

/// `git_libgit2_opts` is variadic and not imported into Swift; these wrap the calls we need.
/// Turns off re-hashing every object read (git does not verify on read either).
static inline int treereview_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

/// Turns libgit2's own repository ownership check on or off (treereview checks as git does).
static inline int treereview_git_set_owner_validation(int enabled) {
    return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, enabled);
}

/// Sets the directories libgit2 searches for a configuration level's files (`""`: none).
static inline int treereview_git_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

#endif
