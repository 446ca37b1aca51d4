#!/usr/bin/env bash
# Keeps unsafe code where it is reviewed (CONTRIBUTING.md, "Unsafe code"). The library builds with
# strict memory safety (SE-0458), so the compiler makes every unsafe expression say `unsafe`; this
# lint says where such code may live:
#
# - Sources/Autowire/Internal/Memory/ and Internal/Runtime/ hold unsafe code behind small safe
#   types, each documenting its invariants once. No other file holds any.
# - Every `@unchecked Sendable`, anywhere in the library, has a comment above it with a line
#   starting `Sendable:` that names the lock, atomic or immutability that makes it true.
#
# An unsafe line is a code line (comments stripped) with `unsafe` (the expression marker,
# `unowned(unsafe)`, `nonisolated(unsafe)`), `@safe`, `@unsafe`, `Unmanaged`, an `Unsafe…Pointer`
# type or `unsafeBitCast`/`unsafeDowncast`.
#
#   Scripts/lint-unsafe.sh             check this package; prints each offending file:line
#   Scripts/lint-unsafe.sh ROOT        check the package at ROOT
set -euo pipefail
root="${1:-$(dirname "$0")/..}"
cd "$root"

library="Sources/Autowire"
confined="^${library}/Internal/(Memory|Runtime)/"
pattern='\bunsafe\b|@safe\b|@unsafe\b|\bUnmanaged\b|\bUnsafe[A-Za-z]*Pointer\b|\bunsafe(BitCast|Downcast)\b'

if [[ ! -d "$library" ]]; then
    echo "lint-unsafe: no ${library}/ in $(pwd)" >&2
    exit 2
fi

# file:line:code for each unsafe line outside the two folders, comments stripped.
unsafe_lines() {
    find "$library" -name '*.swift' -print0 | sort -z | xargs -0 -r awk '
        { code = $0; sub(/^[[:space:]]*\/\/.*$/, "", code); sub(/[[:space:]]\/\/[^"]*$/, "", code) }
        code != "" { print FILENAME ":" FNR ":" code }' | grep -E "^[^:]+:[0-9]+:.*(${pattern})" |
        grep -vE "$confined" || true
}

failed=0
findings="$(unsafe_lines)"
if [[ -n "$findings" ]]; then
    echo "$findings" | sed 's/$/   <- unsafe code outside Internal\/Memory\/ and Internal\/Runtime\//'
    echo "lint-unsafe: move the unsafe part behind a safe type in Internal/Memory/ (or Internal/Runtime/" \
        "for what asks the runtime or the system)" >&2
    failed=1
fi

# Every `@unchecked Sendable` says why: a `Sendable:` line in the comment block right above it.
unjustified="$(
    find "$library" -name '*.swift' -print0 | sort -z | xargs -0 -r awk '
        FNR == 1 { justified = 0 }
        /^[[:space:]]*\/\// { if ($0 ~ /Sendable:/) justified = 1; next }
        /@unchecked Sendable/ && !justified { print FILENAME ":" FNR ":" $0 }
        /^[[:space:]]*@/ && !/@unchecked Sendable/ { next }
        { justified = 0 }'
)"
if [[ -n "$unjustified" ]]; then
    echo "$unjustified" | sed 's/$/   <- @unchecked Sendable without a "Sendable:" comment above it/'
    echo "lint-unsafe: say above each @unchecked Sendable, on a line starting \"Sendable:\", which lock," \
        "atomic or immutability makes it true" >&2
    failed=1
fi

if ((failed)); then exit 1; fi
echo "lint-unsafe: unsafe code confined to Internal/Memory/ and Internal/Runtime/"
