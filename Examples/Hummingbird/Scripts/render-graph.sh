#!/usr/bin/env bash
# Renders the example server's dependency graph, every route's handler down to the database, as
# SVG (and PNG with --png) with Graphviz. The graph comes from `TodoServer --graph`, which prints
# `container.graph(from: …).dot` for a request's container without opening the database.
#
#   Examples/Hummingbird/Scripts/render-graph.sh                 writes Examples/.build/todo-graph.dot and .svg
#   Examples/Hummingbird/Scripts/render-graph.sh --png           also writes .png
#   Examples/Hummingbird/Scripts/render-graph.sh OUTPUT-PREFIX   writes OUTPUT-PREFIX.dot and .svg,
#                                                                the prefix relative to Examples/
#
# Needs `dot` (Debian: apt-get install graphviz).
set -euo pipefail
cd "$(dirname "$0")/../.."  # the Examples package

png=false
if [[ "${1:-}" == "--png" ]]; then
    png=true
    shift
fi
prefix="${1:-.build/todo-graph}"
mkdir -p "$(dirname "$prefix")"

if ! command -v dot >/dev/null; then
    echo "render-graph.sh: Graphviz's dot is not installed (apt-get install graphviz)" >&2
    exit 1
fi

swift build --product TodoServer >&2
"$(swift build --show-bin-path)/TodoServer" --graph >"$prefix.dot"
dot -Tsvg "$prefix.dot" -o "$prefix.svg"
echo "wrote $prefix.dot and $prefix.svg ($(grep -c -- '->' "$prefix.dot") edges)"
if $png; then
    dot -Tpng "$prefix.dot" -o "$prefix.png"
    echo "wrote $prefix.png"
fi
