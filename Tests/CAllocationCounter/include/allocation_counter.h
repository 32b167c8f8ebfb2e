// Counts Swift heap allocations (class instances, array and dictionary buffers, closure contexts,
// boxes) made by the calling thread, through the Swift runtime's `_swift_allocObject` hook.
// For tests that check a frame loop allocates nothing once warm. Memory allocated by C libraries
// (the GL driver) is not counted.
#pragma once
#include <stddef.h>

/// Installs the counting hook (once; later calls do nothing). Safe to call from any thread.
void cv_allocation_counter_install(void);

/// Swift object allocations made by the calling thread since the hook was installed.
unsigned long long cv_allocation_count(void);

/// Bytes the C heap holds in use now (glibc's mallinfo2().uordblks), all threads.
size_t cv_heap_bytes_in_use(void);
