#!/usr/bin/env bash
# Formats the package's Swift code and the examples' (Examples/: servers, benchmark) with swift-format (it ships
# with the toolchain), following the .swift-format configuration at the root: 4-space indentation,
# lines of at most 120 characters.
#
#   Scripts/format.sh            format in place
#   Scripts/format.sh --lint     check only; any finding fails (what CI runs)
#   Scripts/format.sh [--lint] PATH…   the same, on the given files or folders only
set -euo pipefail
cd "$(dirname "$0")/.."

mode=format
if [[ "${1:-}" == "--lint" ]]; then
    mode=lint
    shift
fi
paths=("$@")
if [[ ${#paths[@]} -eq 0 ]]; then
    paths=(Package.swift Sources Tests Examples/Package.swift Examples/Hummingbird Examples/Vapor Examples/Benchmarks)
fi

if [[ "$mode" == lint ]]; then
    # --strict turns warnings into a failing exit status.
    swift format lint --strict --parallel --recursive "${paths[@]}"
    echo "swift-format: no findings in ${paths[*]}"
else
    swift format format --in-place --parallel --recursive "${paths[@]}"
fi
