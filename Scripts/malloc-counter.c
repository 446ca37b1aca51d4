// Counts the heap allocations of a process and the heap bytes it still holds, for
// Scripts/speed-gates.sh (the same idea as swift-nio's alloc-counter): loaded with LD_PRELOAD, it
// stands in for glibc's allocation functions, counts each call that hands out a new block, keeps
// the sum of the usable sizes of the blocks not yet freed, forwards each call to glibc's own
// implementation, and prints both to stderr when the process exits:
//
//     cc -O2 -shared -fPIC -o malloc-counter.so Scripts/malloc-counter.c
//     LD_PRELOAD=./malloc-counter.so Benchmarks/.build/release/AutowireProfile autowired 1001
//     malloc-counter: 6032 allocations, 29336 bytes live
//
// An allocation is a call to malloc, calloc, realloc (unless it frees, with a size of 0),
// aligned_alloc, posix_memalign, memalign, valloc or pvalloc, the calls package-benchmark's
// MallocInterposer counts for the allocations column of Scripts/compare.sh.
// Live bytes are what malloc_usable_size gives for each block when it is handed out, less the same
// when it is freed (free, or realloc moving or shrinking it): the bytes a program can use, without
// glibc's 8-byte chunk headers and without the freed chunks glibc keeps in its caches (which
// mallinfo2's uordblks would count as in use). A block of n bytes uses n rounded up to 8 + 8, at
// least 24.
// Counts are exact and do not move with the machine's load, so two runs of the same binary agree.
// Linux and glibc only: it forwards to glibc's __libc_* entry points, which avoids calling dlsym
// (which itself allocates) from inside malloc.
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <malloc.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations;
// Signed: a block handed out before this library was loaded and freed later would take it below
// zero rather than wrap (none is, in a process that starts with it preloaded).
static int64_t live;

// Counts a new block (if any) and adds its usable size to the live bytes; returns it.
static void *handed_out(void *pointer) {
    if (pointer != NULL) {
        __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&live, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
    }
    return pointer;
}

static void freeing(void *pointer) {
    if (pointer != NULL) __atomic_fetch_sub(&live, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
}

void *malloc(size_t size) { return handed_out(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return handed_out(__libc_calloc(count, size)); }

void free(void *pointer) {
    freeing(pointer);
    __libc_free(pointer);
}

// A realloc is one allocation (unless it frees, with a size of 0) even when it grows the block
// in place; its live bytes change by the new block's usable size less the old one's.
void *realloc(void *pointer, size_t size) {
    size_t old = pointer == NULL ? 0 : malloc_usable_size(pointer);
    void *result = __libc_realloc(pointer, size);
    if (pointer != NULL && size == 0) {
        __atomic_fetch_sub(&live, (int64_t)old, __ATOMIC_RELAXED);
    } else if (result != NULL) {
        __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&live, (int64_t)malloc_usable_size(result) - (int64_t)old, __ATOMIC_RELAXED);
    }
    return result;
}

void *memalign(size_t alignment, size_t size) { return handed_out(__libc_memalign(alignment, size)); }

void *aligned_alloc(size_t alignment, size_t size) { return handed_out(__libc_memalign(alignment, size)); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = handed_out(__libc_memalign(alignment, size));
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) { return handed_out(__libc_valloc(size)); }

void *pvalloc(size_t size) { return handed_out(__libc_pvalloc(size)); }

// Appends value's decimal digits (with a sign when negative) to text at *length.
static void append_number(char *text, size_t *length, int64_t value) {
    char digits[24];
    size_t used = 0;
    uint64_t magnitude = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[used++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0) text[(*length)++] = '-';
    while (used > 0) text[(*length)++] = digits[--used];
}

static void append_text(char *text, size_t *length, const char *suffix) {
    while (*suffix != '\0') text[(*length)++] = *suffix++;
}

// Prints "malloc-counter: N allocations, B bytes live" with write(2) only: formatting through
// stdio could allocate while the counts are being reported.
__attribute__((destructor)) static void report(void) {
    char text[128];
    size_t length = 0;
    append_text(text, &length, "malloc-counter: ");
    append_number(text, &length, (int64_t)__atomic_load_n(&allocations, __ATOMIC_RELAXED));
    append_text(text, &length, " allocations, ");
    append_number(text, &length, __atomic_load_n(&live, __ATOMIC_RELAXED));
    append_text(text, &length, " bytes live\n");
    ssize_t ignored = write(STDERR_FILENO, text, length);
    (void)ignored;
}
