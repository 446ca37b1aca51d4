#!/usr/bin/env bash
# Instructions per operation for each scenario, counted by valgrind's callgrind: unlike wall-clock
# times these do not move with the machine's load, so they are the figures to compare across
# changes. Each scenario runs N+1 and 1 times; the difference divided by N leaves out start-up
# and the first (compiling) resolve.
#
#   Scripts/instruction-counts.sh [N]        (needs valgrind)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
count="${1:-2000}"
swift build --package-path "$root/Benchmarks" -c release --product AutowireProfile >&2
binary="$(swift build --package-path "$root/Benchmarks" -c release --show-bin-path)/AutowireProfile"

instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
        | sed -n 's/.*refs: *//p' | tr -d ','
}

echo "| Scenario | Instructions per operation |"
echo "| --- | ---: |"
for scenario in handwritten-constructors handwritten-properties autowired typed-factories closure-factories \
    swinject-transient swinject-graph swift-dependencies singleton swinject-singleton handwritten-assignment injector; do
    many="$(instructions "$scenario" $((count + 1)))"
    one="$(instructions "$scenario" 1)"
    echo "| $scenario | $(((many - one) / count)) |"
done
for scenario in chain-100 chain-1000 build-100 build-1000 cold; do
    many="$(instructions "$scenario" 21)"
    one="$(instructions "$scenario" 1)"
    echo "| $scenario | $(((many - one) / 20)) |"
done
