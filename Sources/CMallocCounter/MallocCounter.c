// See include/MallocCounter.h. Keep this file free of anything that allocates.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Initial-exec TLS lives in the static TLS block, set up before a thread runs any code, so
// reading it never allocates (which would recurse into malloc).
static __thread uint64_t threadCount __attribute__((tls_model("initial-exec")));
static uint64_t processCount;

static inline void count(void) {
    threadCount += 1;
    __atomic_fetch_add(&processCount, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    // POSIX: a power of two that is a multiple of sizeof(void *).
    if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof(void *) != 0) {
        return EINVAL;
    }
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

int cv_malloc_counting(void) { return 1; }
uint64_t cv_malloc_thread_count(void) { return threadCount; }
uint64_t cv_malloc_process_count(void) { return __atomic_load_n(&processCount, __ATOMIC_RELAXED); }

#else

int cv_malloc_counting(void) { return 0; }
uint64_t cv_malloc_thread_count(void) { return 0; }
uint64_t cv_malloc_process_count(void) { return 0; }

#endif
