#include "CallgrindRequests.h"

// valgrind's own header defines the requests (a no-op instruction sequence that valgrind
// recognizes); without it, as on a machine without valgrind, the requests do nothing and
// `callgrind_requests_available()` says so.
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND_REQUESTS 1
#endif
#endif

bool callgrind_requests_available(void) {
#ifdef HAVE_CALLGRIND_REQUESTS
    return true;
#else
    return false;
#endif
}

void callgrind_start_counting(void) {
#ifdef HAVE_CALLGRIND_REQUESTS
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_ZERO_STATS;
#endif
}

void callgrind_stop_counting(void) {
#ifdef HAVE_CALLGRIND_REQUESTS
    CALLGRIND_STOP_INSTRUMENTATION;
#endif
}
