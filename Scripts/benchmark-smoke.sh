#!/usr/bin/env bash
# CI smoke pass: builds the benchmark package and runs every scenario for a fraction of a second
# (AUTOWIRE_BENCHMARK_SMOKE shortens the configurations), then checks that the report parses and
# names every scenario. The figures of such a short pass are not meaningful; Scripts/compare.sh
# gives the real ones.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
report="$(mktemp)"
trap 'rm -f "$report"' EXIT

# The report itself: known rows per operation, unknown scenarios listed rather than dropped.
python3 "$root/Scripts/test_benchmark_report.py"
# The speed gate's checks: each figure held to its threshold, retained heap bytes included.
python3 "$root/Scripts/test_speed_gates.py"

AUTOWIRE_BENCHMARK_SMOKE=1 "$root/Scripts/compare.sh" | tee "$report"

if grep -q "not measured" "$report"; then
    echo "benchmark-smoke: some scenarios produced no figures" >&2
    exit 1
fi
tail -n 1 "$report" | python3 -c 'import json, sys; json.loads(sys.stdin.read())'
echo "benchmark-smoke: every scenario ran"
