// Counts the heap allocations of a process, for Scripts/speed-gates.sh (the same idea as
// swift-nio's alloc-counter): loaded with LD_PRELOAD, it stands in for glibc's allocation
// functions, counts each call that hands out a new block, forwards it to glibc's own
// implementation, and prints the count to stderr when the process exits:
//
//     cc -O2 -shared -fPIC -o malloc-counter.so Scripts/malloc-counter.c
//     LD_PRELOAD=./malloc-counter.so Benchmarks/.build/release/AutowireProfile autowired 1001
//     malloc-counter: 6032 allocations
//
// An allocation is a call to malloc, calloc, realloc (unless it frees, with a size of 0),
// aligned_alloc, posix_memalign, memalign, valloc or pvalloc, the calls package-benchmark's
// MallocInterposer counts for the allocations column of Scripts/compare.sh. free is not
// intercepted.
// Counts are exact and do not move with the machine's load, so two runs of the same binary agree.
// Linux and glibc only: it forwards to glibc's __libc_* entry points, which avoids calling dlsym
// (which itself allocates) from inside malloc.
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static uint64_t allocations;

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL || size != 0) count();
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

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count();
    return __libc_pvalloc(size);
}

// Prints "malloc-counter: N allocations" with write(2) only: formatting through stdio could
// allocate while the count is being reported.
__attribute__((destructor)) static void report(void) {
    char text[64] = "malloc-counter: ";
    char digits[24];
    size_t length = 16, used = 0;
    uint64_t value = __atomic_load_n(&allocations, __ATOMIC_RELAXED);
    do {
        digits[used++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (used > 0) text[length++] = digits[--used];
    const char suffix[] = " allocations\n";
    for (size_t index = 0; index < sizeof suffix - 1; index++) text[length++] = suffix[index];
    ssize_t ignored = write(STDERR_FILENO, text, length);
    (void)ignored;
}
