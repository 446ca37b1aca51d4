// Lets AutowireProfile tell callgrind which instructions to count: run under
// `valgrind --tool=callgrind --instr-atstart=no`, nothing is counted (and start-up and set-up run
// at close to native speed) until `callgrind_start_counting()`, and nothing after
// `callgrind_stop_counting()`. Outside valgrind both do nothing.
#ifndef CALLGRIND_REQUESTS_H
#define CALLGRIND_REQUESTS_H

#include <stdbool.h>

/// Whether this build can send callgrind its requests: true when valgrind's headers
/// (<valgrind/callgrind.h>) were found at build time.
bool callgrind_requests_available(void);

/// Starts callgrind's instrumentation and zeroes its counts.
void callgrind_start_counting(void);

/// Stops callgrind's instrumentation; the counts it prints at exit are those counted since
/// `callgrind_start_counting()`.
void callgrind_stop_counting(void);

#endif
