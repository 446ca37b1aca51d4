#!/usr/bin/env bash
# The speed gate (CI runs it): measures instructions and allocations per operation of every
# AutowireProfile scenario, and the heap bytes retained per operation of the memory scenarios
# (Scripts/instruction-counts.sh: callgrind and a malloc counter, release build, counts that
# repeat exactly) and holds them to the committed thresholds in
# Benchmarks/Thresholds/instructions-and-allocations.json. Fails, naming each scenario, when a
# figure is more than 10% above its threshold; reports (without failing) figures more than 10%
# below, so that gains get locked in.
#
#   Scripts/speed-gates.sh                      measure and check (needs valgrind and cc)
#   Scripts/speed-gates.sh --update             measure and rewrite the thresholds: the way to
#                                               accept an intended change (commit the file)
#   Scripts/speed-gates.sh [--update] [--skip-build] [SCENARIO…]   only these scenarios; reuse
#                                               the release build already there
#
# Wall-clock times are not gated: on these shared machines they move by 30–50% between runs,
# while instruction, allocation and live-byte counts do not move at all.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
thresholds="$root/Benchmarks/Thresholds/instructions-and-allocations.json"
mode=check
options=()
scenarios=()
for argument in "$@"; do
    case "$argument" in
        --update) mode=update ;;
        --skip-build) options+=("$argument") ;;
        --*) echo "speed-gates: unknown option $argument" >&2; exit 2 ;;
        *) scenarios+=("$argument") ;;
    esac
done

measured="$(mktemp)"
trap 'rm -f "$measured"' EXIT

start=$SECONDS
bash "$root/Scripts/instruction-counts.sh" --tsv "${options[@]}" "${scenarios[@]}" >"$measured"
measuring=$((SECONDS - start))

partial=()
if [[ ${#scenarios[@]} -gt 0 ]]; then
    partial=(--partial)
fi
status=0
python3 "$root/Scripts/speed-gates.py" "$mode" "$thresholds" "$measured" \
    "$(swift --version 2>/dev/null | head -n 1), $(uname -sm)" "${partial[@]}" || status=$?
echo "speed-gates: built and measured in ${measuring} s"
exit "$status"
