#!/usr/bin/env bash
# Runs the concurrency tests under ThreadSanitizer and the whole suite under AddressSanitizer,
# each in its own scratch path so they never share objects with the plain debug build.
#
# Usage: Scripts/sanitizers.sh [thread|address]   (both when no argument is given)
set -euo pipefail
cd "$(dirname "$0")/.."

run_thread() {
    echo "== ThreadSanitizer: the tests that resolve, create and lock from many threads"
    # halt_on_error: the first report fails the run instead of scrolling past.
    TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}" \
        swift test --sanitize=thread --scratch-path .build-tsan \
        --filter 'StressTests|DeadlockTests|ConcurrencyTests|CreationLockTests|KeptResolverTests|HandleLifetimeTests|NestedResolveTests|MainActorIsolationTests|FaultTests|ProviderLazyTests|RequestScopeTests|CustomScopeTests|InjectionHookTests|ChildContainerTests|WeakScopeProgramTests|SingletonProgramTests|CustomScopeProgramTests|MainActorProgramTests|ProtocolPropertyTests|WeakPropertyTests|FirstFillCheckTests|PerTypeCacheTests|RootCacheTests|ClosureFactoryProgramTests|ClosureInsideRegionTests|KeptObjectProgramTests|ClosureCallPlacementTests|LazyCompilationTests|ProgramLoweringReuseTests'
}

run_address() {
    echo "== AddressSanitizer: the whole suite"
    # Leak detection stays off: XCTest itself leaks (its own allocations, which would fail every
    # run), and the library's lifetimes are asserted by LifetimeTests and HandleLifetimeTests.
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" \
        swift test --sanitize=address --scratch-path .build-asan
}

case "${1:-all}" in
    thread) run_thread ;;
    address) run_address ;;
    all) run_thread && run_address ;;
    *) echo "usage: $0 [thread|address]" >&2; exit 2 ;;
esac
