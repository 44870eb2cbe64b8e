#ifndef TREEREVIEW_CSYSTEM_SHIM_H
#define TREEREVIEW_CSYSTEM_SHIM_H

/// What the Glibc module does not import: glibc's allocator settings (`mallopt`) and a
/// thread's own scheduling priority.
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Gives the calling thread (not the process) the nice value `niceness`; 0 on success.
static inline int treereview_set_thread_niceness(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

/// The calling thread's nice value (`errno` tells a failure from -1).
static inline int treereview_thread_niceness(void) {
    return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}

#endif
