#!/usr/bin/env bash
# Runs every benchmark scenario in one go (Benchmarks/, package-benchmark) and prints a markdown
# table of medians, allocations and ratios; then, with the instruction counts of
# Scripts/instruction-counts.sh (valgrind), every target of the core rewrite with its figures and
# whether it is met; then one JSON line of the headline figures (ratios to hand-written code and
# to Swinject, allocations per resolve, scaling; Scripts/benchmark-report.py computes them,
# Benchmarks/README.md explains the scenarios; a scenario the report has no row for is listed per
# sample after the table, never dropped). Extra arguments go to the benchmark command (e.g.
# --filter 'graph/.*').
#
#   Scripts/compare.sh
#
# Set AUTOWIRE_BENCHMARK_SMOKE=1 for a very short pass (CI); its figures are not meaningful.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
output="$(mktemp)"
trap 'rm -f "$output"' EXIT

if ! swift package --package-path "$root/Benchmarks" benchmark --no-progress --format jmh --path stdout "$@" \
    >"$output"; then
    cat "$output" >&2
    echo "compare.sh: the benchmark run failed" >&2
    exit 1
fi

cat <<INFO
## Autowire benchmarks

Machine: $(nproc) cores, $(uname -sm), $(swift --version 2>/dev/null | head -n 1)

Method: every scenario runs in one benchmark process, in release mode, after the same settling
warm-up (20,000 Swinject resolves and 200,000 hand-built graphs, so that hand-written and library
code are measured in the same allocator state) and its own warm-up iterations. Micro benchmarks
time 1,000 operations per sample; the figures are medians of the raw samples divided by 1,000.
Scaling rows time one operation per sample. Allocations are malloc calls counted by
package-benchmark's MallocInterposer. Ratios divide medians from this one run.

INFO
# Instruction and allocation counts for the targets table: skipped in a smoke pass (the speed gate
# measures them in CI) and where valgrind is missing.
counts=()
if [[ -z "${AUTOWIRE_BENCHMARK_SMOKE:-}" ]] && command -v valgrind >/dev/null && command -v cc >/dev/null; then
    counts_file="$(mktemp)"
    trap 'rm -f "$output" "$counts_file"' EXIT
    "$root/Scripts/instruction-counts.sh" --tsv >"$counts_file"
    counts=("$counts_file")
fi
python3 "$root/Scripts/benchmark-report.py" "$output" "${counts[@]}"
