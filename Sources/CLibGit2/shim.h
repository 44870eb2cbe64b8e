#ifndef TREEREVIEW_CLIBGIT2_SHIM_H
#define TREEREVIEW_CLIBGIT2_SHIM_H

#include <git2.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <git2/sys/repository.h>
#include <git2/sys/odb_backend.h>
/* libgit2 1.8 moved git_error_set_str and git_error_set_oom (LooseObjectCallbacks) here. */
#if __has_include(<git2/sys/errors.h>)
#include <git2/sys/errors.h>
#endif

/// An object database backend with a pointer to its owner's state (`LooseObjectGuard`).
typedef struct treereview_odb_backend {
    git_odb_backend parent;
    void *context;
} treereview_odb_backend;

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

/// An anonymous in-memory file (`memfd_create`, close-on-exec), for libgit2's readers that take only a
/// path (`/proc/self/fd/N`); -1 on failure.
static inline int treereview_memory_file(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 1u);
}

#endif
