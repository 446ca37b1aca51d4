#!/usr/bin/env bash
# Builds the DocC catalog in Documentation.docc (the Autowire library) and the references of the
# AutowireTesting and AutowireFoundation libraries, with warnings as errors (broken symbol links,
# unresolved topics and bad markup fail the build), after checking that every public symbol of each
# has a doc comment of its own.
#
#   Scripts/build-docs.sh                 build into .build/docs and .build/docs-testing
#   Scripts/build-docs.sh --preview       serve the Autowire docs at http://localhost:8080 (docc preview)
#
# SwiftPM and the docc plugin ignore a catalog outside a target's folder, so this script extracts
# the symbol graph itself and hands it to `docc convert`. It works offline.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Autowire AutowireTesting AutowireFoundation)
output=.build/docs
graphs=.build/symbol-graphs

echo "== symbol graph"
swift package dump-symbol-graph --minimum-access-level public >/dev/null
rm -rf "$graphs" && mkdir -p "$graphs"
for module in "${modules[@]}"; do
    # The module's own symbols, and its extensions of other modules' types (Module@Other).
    mkdir -p "$graphs/$module"
    cp .build/*/symbolgraph/"$module".symbols.json .build/*/symbolgraph/"$module"@*.symbols.json "$graphs/$module/" \
        2>/dev/null || cp .build/*/symbolgraph/"$module".symbols.json "$graphs/$module/"
done

echo "== doc comments on public symbols"
python3 - "$graphs" "${modules[@]}" <<'PY'
import json, sys, os
graphs, modules = sys.argv[1], sys.argv[2:]
missing = []
for module in modules:
  for file in sorted(os.listdir(os.path.join(graphs, module))):
    with open(os.path.join(graphs, module, file)) as f:
        graph = json.load(f)
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if not location:
            continue  # synthesized by the compiler (Equatable's !=, RawRepresentable's init)
        doc = symbol.get("docComment")
        lines = [line["text"] for line in doc["lines"]] if doc else []
        # A comment inherited from a protocol in another module (`description` from
        # CustomStringConvertible) does not describe our symbol: it counts as missing.
        own = doc is not None and doc.get("module") == module
        if not own or not any(text.strip() for text in lines):
            path = location["uri"].removeprefix("file://")
            line = location["position"]["line"] + 1
            name = ".".join(symbol["pathComponents"])
            missing.append(f"{os.path.relpath(path)}:{line}: public symbol {module}.{name} has no doc comment")
for entry in sorted(missing):
    print(entry)
if missing:
    print(f"{len(missing)} public symbol(s) without a doc comment; add a `///` summary line.")
    sys.exit(1)
PY

echo "== docc convert (warnings are errors)"
mode=convert
extra=(--output-path "$output")
if [[ "${1:-}" == "--preview" ]]; then
    mode=preview
    extra=()
fi
docc "$mode" Documentation.docc \
    --additional-symbol-graph-dir "$graphs/Autowire" \
    "${extra[@]}" \
    --fallback-display-name Autowire \
    --fallback-bundle-identifier org.autowire.Autowire \
    --warnings-as-errors
if [[ "$mode" == convert ]]; then
    # AutowireTesting has no catalog of its own: its reference is built from its doc comments.
    docc convert --additional-symbol-graph-dir "$graphs/AutowireTesting" \
        --output-path "$output-testing" \
        --fallback-display-name AutowireTesting \
        --fallback-bundle-identifier org.autowire.AutowireTesting \
        --warnings-as-errors
    # AutowireFoundation has no catalog either: one file of conformances.
    docc convert --additional-symbol-graph-dir "$graphs/AutowireFoundation" \
        --output-path "$output-foundation" \
        --fallback-display-name AutowireFoundation \
        --fallback-bundle-identifier org.autowire.AutowireFoundation \
        --warnings-as-errors
    echo "Documentation built in $output, $output-testing and $output-foundation (browse it with Scripts/build-docs.sh --preview)."
fi
