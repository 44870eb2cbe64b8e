#ifndef TREEREVIEW_CSYSTEM_SHIM_H
#define TREEREVIEW_CSYSTEM_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

/// What the Glibc module does not import: glibc's allocator settings (`mallopt`) and a
/// thread's own scheduling priority.
#include <malloc.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Gives the calling thread (not the process) the nice value `niceness`; 0 on success.
static inline int treereview_set_thread_niceness(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

/// Moves the calling thread to the idle scheduling class (`SCHED_IDLE`: it runs only when
/// no other thread wants the CPU); 0 on success.
static inline int treereview_make_thread_idle(void) {
    struct sched_param parameters = { .sched_priority = 0 };
    return sched_setscheduler(0, SCHED_IDLE, &parameters);
}

/// Whether the calling thread is in the idle scheduling class.
static inline int treereview_thread_is_idle(void) {
    return sched_getscheduler(0) == SCHED_IDLE;
}

/// The calling thread's nice value (`errno` tells a failure from -1).
static inline int treereview_thread_niceness(void) {
    return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}

#endif
