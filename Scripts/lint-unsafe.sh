#!/usr/bin/env bash
# Keeps unsafe code where it is reviewed (CONTRIBUTING.md, "Unsafe code"). The library builds with
# strict memory safety (SE-0458), so the compiler makes every unsafe expression say `unsafe`; this
# lint says where such code may live:
#
# - Sources/Autowire/Internal/Memory/ and Internal/Runtime/ hold unsafe code behind small safe
#   types, each documenting its invariants once.
# - Any other file may hold at most the number of unsafe lines Scripts/unsafe-allowance.txt grants
#   it: the engine files the one-engine rewrite still has to move behind Memory/. A file's allowance
#   only goes down; a file that is not listed gets none.
# - Every `@unchecked Sendable`, anywhere in the library, has a comment above it with a line
#   starting `Sendable:` that names the lock, atomic or immutability that makes it true.
#
# An unsafe line is a code line (comments stripped) with `unsafe` (the expression marker,
# `unowned(unsafe)`, `nonisolated(unsafe)`), `@safe`, `@unsafe`, `Unmanaged`, an `Unsafe…Pointer`
# type or `unsafeBitCast`/`unsafeDowncast`.
#
#   Scripts/lint-unsafe.sh             check this package; prints each offending file:line
#   Scripts/lint-unsafe.sh --update    write today's counts as the allowance (only ever lower it)
#   Scripts/lint-unsafe.sh ROOT        check the package at ROOT
set -euo pipefail
update=0
if [[ "${1:-}" == "--update" ]]; then
    update=1
    shift
fi
root="${1:-$(dirname "$0")/..}"
cd "$root"

library="Sources/Autowire"
allowance_file="Scripts/unsafe-allowance.txt"
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

findings="$(unsafe_lines)"
counts="$(if [[ -n "$findings" ]]; then echo "$findings" | cut -d: -f1 | sort | uniq -c | awk '{ print $1 "\t" $2 }'; fi)"

if ((update)); then
    {
        echo "# Unsafe lines each file outside Internal/Memory/ and Internal/Runtime/ may hold (Scripts/lint-unsafe.sh)."
        echo "# Only ever lower a count; the one-engine rewrite takes each file to 0 and off this list."
        echo "$counts"
    } >"$allowance_file"
    echo "lint-unsafe: wrote $(echo "$counts" | grep -c . || true) files to ${allowance_file}"
    exit 0
fi

failed=0
declare -A allowed=()
if [[ -f "$allowance_file" ]]; then
    while IFS=$'\t' read -r count file; do
        [[ -z "$count" || "$count" == \#* ]] && continue
        allowed["$file"]="$count"
    done <"$allowance_file"
fi
while IFS=$'\t' read -r count file; do
    [[ -z "$count" ]] && continue
    limit="${allowed[$file]:-0}"
    if ((count > limit)); then
        echo "$findings" | grep -F "${file}:" | sed 's/$/   <- unsafe code outside Internal\/Memory\/ and Internal\/Runtime\//'
        echo "lint-unsafe: ${file} has ${count} unsafe lines, ${limit} allowed: move the unsafe part behind" \
            "a safe type in Internal/Memory/ (or Internal/Runtime/ for what asks the runtime or the system)" >&2
        failed=1
    elif ((count < limit)); then
        echo "lint-unsafe: ${file} is down to ${count} unsafe lines (allowed ${limit}):" \
            "run Scripts/lint-unsafe.sh --update to keep it there" >&2
        failed=1
    fi
done <<<"$counts"
for file in "${!allowed[@]}"; do
    if ! cut -f2 <<<"$counts" | grep -qxF -- "$file"; then
        echo "lint-unsafe: ${file} has no unsafe lines left (or is gone): run Scripts/lint-unsafe.sh --update" >&2
        failed=1
    fi
done

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
total="$(if [[ -n "$findings" ]]; then echo "$findings" | grep -c .; else echo 0; fi)"
files="$(if [[ -n "$counts" ]]; then echo "$counts" | grep -c .; else echo 0; fi)"
echo "lint-unsafe: unsafe code confined (${total} allowed lines in ${files} files outside Internal/Memory/ and Internal/Runtime/)"
