#include "allocation_counter.h"

#include <malloc.h>
#include <pthread.h>

// The Swift runtime calls through this pointer when it is changed (its instrumentation hook).
extern void *(*_swift_allocObject)(void const *metadata, size_t size, size_t alignMask);

static void *(*original_alloc_object)(void const *, size_t, size_t);
static _Thread_local unsigned long long allocations;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void *counting_alloc_object(void const *metadata, size_t size, size_t alignMask) {
    allocations += 1;
    return original_alloc_object(metadata, size, alignMask);
}

static void install(void) {
    original_alloc_object = _swift_allocObject;
    _swift_allocObject = counting_alloc_object;
}

void cv_allocation_counter_install(void) { pthread_once(&install_once, install); }

unsigned long long cv_allocation_count(void) { return allocations; }

size_t cv_heap_bytes_in_use(void) { return mallinfo2().uordblks; }
