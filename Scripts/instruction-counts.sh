#!/usr/bin/env bash
# Instructions, allocations and (for the memory scenarios) heap bytes retained per operation for
# each scenario of the benchmark package's AutowireProfile executable (release build). Unlike
# wall-clock times these do not move with the machine's load, so they are the figures to compare
# across changes, and the ones the speed gate (Scripts/speed-gates.sh) holds to its thresholds.
#
#   Scripts/instruction-counts.sh [--tsv] [--skip-build] [SCENARIO…]     (needs valgrind and cc)
#
# Every scenario `AutowireProfile --list` names (or only those given) is set up and runs its
# operation three times (a root's first resolve compiles its graph and lowers its program, the next
# ones lower it again with what the runs learned), then `repetitions` more times; the figures are
# per operation of those repetitions.
# - Instructions: counted by valgrind's callgrind, started with --instr-atstart=no so that it
#   counts only between the profile's start and stop requests around the repetitions (start-up and
#   set-up then run at close to native speed: a 1,000-class chain's first resolve alone is 7
#   billion instructions).
# - Allocations: counted by Scripts/malloc-counter.c, loaded with LD_PRELOAD into a native run
#   with the repetitions and one without them; the difference divided by the repetitions.
# - Heap bytes retained, for the scenarios `--list` marks `retains` (the memory scenarios, whose
#   operations keep the container and the objects they made): the same two runs' heap bytes still
#   live at exit (the sum of malloc_usable_size over the blocks not freed, which the malloc counter
#   keeps); the difference divided by the repetitions. And the heap bytes a fresh process retains
#   after its first operation (the warm-up's one): the run without repetitions less a run of
#   `AutowireProfile --baseline`, which runs no scenario. The first operation also holds what the
#   process keeps once (Swift's metadata for the generic types the library instantiates per type,
#   the library's global tables): what an app that builds one container pays. And the
#   instructions of that first operation, counted by callgrind inside the warm-up alone: what a
#   type's first resolve in a process costs (runtime metadata, conformance checks, reflection).
# Both run the binary as `./AutowireProfile` from its folder in an empty environment, with
# address-space randomization off (`setarch -R`) and Swift's per-process hash seed off
# (SWIFT_DETERMINISTIC_HASHING). Otherwise counts move between runs of the same binary: by a few
# allocations with the layout (tables keyed by addresses), by tens of instructions per operation
# with the hash seed and with where the stack starts, which the length of the binary's path and
# of the environment decide. With all of these fixed, counts repeat exactly.
#
# Prints a markdown table, or with --tsv one
# `scenario<TAB>instructions<TAB>allocations<TAB>retained<TAB>first retained<TAB>first instructions`
# line per scenario (what the speed gate reads; the last three are `-` for a scenario that keeps
# nothing).
# --skip-build uses the release build already there.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
format=markdown
build=yes
while [[ $# -gt 0 && "$1" == --* ]]; do
    case "$1" in
        --tsv) format=tsv ;;
        --skip-build) build=no ;;
        *) echo "instruction-counts: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

for tool in valgrind cc; do
    if ! command -v "$tool" >/dev/null; then
        echo "instruction-counts: needs $tool (apt-get install valgrind gcc)" >&2
        exit 2
    fi
done

profile() {
    swift build --package-path "$root/Benchmarks" -c release --product AutowireProfile >&2
}
if [[ "$build" == yes ]]; then
    profile
fi
bin="$(swift build --package-path "$root/Benchmarks" -c release --show-bin-path)"
binary="$bin/AutowireProfile"
if [[ "$("$binary" --callgrind-requests)" != available ]]; then
    # Built before valgrind (and its headers) were installed: rebuild the requests.
    touch "$root/Benchmarks/Sources/CallgrindRequests/CallgrindRequests.c"
    profile
    if [[ "$("$binary" --callgrind-requests)" != available ]]; then
        echo "instruction-counts: AutowireProfile cannot send callgrind requests" \
            "(no <valgrind/callgrind.h>: install valgrind)" >&2
        exit 2
    fi
fi
counter="$bin/malloc-counter.so"
if [[ ! -f "$counter" || "$root/Scripts/malloc-counter.c" -nt "$counter" ]]; then
    cc -O2 -Wall -Wextra -Werror -shared -fPIC -o "$counter" "$root/Scripts/malloc-counter.c"
fi

# fixed COMMAND…: runs COMMAND from the binary's folder, in an empty environment but for the
# fixed hash seed, with a fixed address-space layout where the machine allows it.
fixed_layout=("$(command -v setarch)" "$(uname -m)" -R)
if ! "${fixed_layout[@]}" true 2>/dev/null; then
    echo "instruction-counts: setarch -R is not allowed here; counts may vary by a few" >&2
    fixed_layout=()
fi
fixed() {
    (cd "$bin" && env -i SWIFT_DETERMINISTIC_HASHING=1 "${fixed_layout[@]}" "$@")
}
valgrind="$(command -v valgrind)"

# instructions SCENARIO COUNT: the instructions of COUNT operations after the first.
instructions() {
    local output
    if ! output="$(fixed "$valgrind" --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \
        ./AutowireProfile "$1" "$2" 2>&1)"; then
        printf 'instruction-counts: %s failed under callgrind:\n%s\n' "$1" "$output" >&2
        return 1
    fi
    sed -n 's/.*refs: *//p' <<<"$output" | tr -d ','
}

# first_instructions SCENARIO: the instructions of the scenario's first operation in a fresh
# process (its one warm-up): collected only inside the profile's `warmUp` function and dumped
# before the start request zeroes the counts.
first_instructions() {
    local directory output
    directory="$(mktemp -d)"
    if ! output="$(fixed "$valgrind" --tool=callgrind --collect-atstart=no '--toggle-collect=*warmUp*' \
        '--dump-before=*callgrind_start_counting*' --callgrind-out-file="$directory/out.%p" \
        ./AutowireProfile "$1" 1 2>&1)"; then
        printf 'instruction-counts: %s failed under callgrind:\n%s\n' "$1" "$output" >&2
        rm -rf "$directory"
        return 1
    fi
    cat "$directory"/out.*.1 2>/dev/null | sed -n 's/^summary: *//p' | head -n 1
    rm -rf "$directory"
}

# allocations SCENARIO COUNT: the allocations of one whole run (set-up, the warm-up and COUNT
# operations) and the heap bytes still live when it exits, separated by a space.
allocations() {
    local output
    if ! output="$(fixed /usr/bin/env LD_PRELOAD="$counter" ./AutowireProfile "$1" "$2" 2>&1 >/dev/null)"; then
        printf 'instruction-counts: %s failed with the malloc counter:\n%s\n' "$1" "$output" >&2
        return 1
    fi
    sed -n 's/^malloc-counter: \([0-9]*\) allocations, \(-\{0,1\}[0-9]*\) bytes live$/\1 \2/p' <<<"$output"
}

# per_operation MANY ONE REPETITIONS: (MANY - ONE) / REPETITIONS, to at most two decimals.
per_operation() {
    awk -v many="$1" -v one="$2" -v n="$3" \
        'BEGIN { v = sprintf("%.2f", (many - one) / n); sub(/0+$/, "", v); sub(/\.$/, "", v); print v }'
}

# cell FIGURE: FIGURE in a markdown cell, empty for `-` (not measured).
cell() {
    if [[ "$1" != - ]]; then echo "$1"; fi
}

listed="$("$binary" --list)"
selected=("$@")
for scenario in "${selected[@]}"; do
    if ! grep -q "^$scenario " <<<"$listed"; then
        echo "instruction-counts: no scenario $scenario; AutowireProfile --list names them" >&2
        exit 2
    fi
done
if [[ "$format" == markdown ]]; then
    echo "| Scenario | Instructions per operation | Allocations per operation | Heap bytes retained per operation | Heap bytes retained by the first | Instructions of the first |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: |"
fi
baseline_live=""
while read -r scenario repetitions retains; do
    if [[ ${#selected[@]} -gt 0 && ! " ${selected[*]} " == *" $scenario "* ]]; then
        continue
    fi
    counted="$(instructions "$scenario" "$repetitions")"
    if [[ -z "$counted" ]]; then
        echo "instruction-counts: callgrind gave no count for $scenario" >&2
        exit 1
    fi
    instructions_per_op="$(((counted + repetitions / 2) / repetitions))"
    read -r many many_live <<<"$(allocations "$scenario" "$repetitions")"
    read -r one one_live <<<"$(allocations "$scenario" 0)"
    if [[ -z "$many" || -z "$one" ]]; then
        echo "instruction-counts: the malloc counter gave no count for $scenario" >&2
        exit 1
    fi
    allocations_per_op="$(per_operation "$many" "$one" "$repetitions")"
    retained_per_op=-
    retained_first=-
    instructions_first=-
    if [[ "$retains" == retains ]]; then
        if [[ -z "$baseline_live" ]]; then
            read -r _ baseline_live <<<"$(allocations --baseline 0)"
        fi
        retained_per_op="$(per_operation "$many_live" "$one_live" "$repetitions")"
        retained_first="$((one_live - baseline_live))"
        instructions_first="$(first_instructions "$scenario")"
        if [[ -z "$instructions_first" ]]; then
            echo "instruction-counts: callgrind gave no count for $scenario's first operation" >&2
            exit 1
        fi
    fi
    if [[ "$format" == tsv ]]; then
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$scenario" "$instructions_per_op" "$allocations_per_op" \
            "$retained_per_op" "$retained_first" "$instructions_first"
    else
        echo "| $scenario | $instructions_per_op | $allocations_per_op | $(cell "$retained_per_op") | $(cell "$retained_first") | $(cell "$instructions_first") |"
    fi
done <<<"$listed"
