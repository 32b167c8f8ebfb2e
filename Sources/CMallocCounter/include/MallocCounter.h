// Counts heap allocations, so the benchmark can show that a warm frame allocates nothing.
//
// On Linux with glibc this target defines malloc, calloc, realloc, posix_memalign,
// aligned_alloc and memalign: the executable's definitions take precedence over libc's for the
// whole process (ELF symbol interposition), count the call and forward it to glibc's own
// allocator (__libc_malloc and friends), so memory behaves exactly as without the counter.
// free is not wrapped: freeing costs nothing the benchmark asks about.
// Elsewhere nothing is interposed and cv_malloc_counting() is 0.
#ifndef CARDVIEWER_MALLOC_COUNTER_H
#define CARDVIEWER_MALLOC_COUNTER_H

#include <stdint.h>

/// 1 when allocations are counted in this build, 0 when the counts stay 0.
int cv_malloc_counting(void);

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by the
/// calling thread since it started.
uint64_t cv_malloc_thread_count(void);

/// Allocations made by every thread of the process since it started.
uint64_t cv_malloc_process_count(void);

#endif
