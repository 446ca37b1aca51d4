#!/usr/bin/env bash
# Keeps platform code in one folder (CONTRIBUTING.md, "Architecture"): outside
# Sources/Autowire/Internal/Runtime/, no Swift file under Sources/ may import a C library module
# (Glibc, Darwin, Musl, …) or branch on one (`#if canImport(Darwin)`, `#if os(…)`); such code calls
# the Platform folder's small surface instead. Prints each offending file:line and exits 1.
#
#   Scripts/lint-platform.sh           check this package
#   Scripts/lint-platform.sh ROOT      check the package at ROOT (its Sources/)
set -euo pipefail
root="${1:-$(dirname "$0")/..}"
cd "$root"

platform_folder="Sources/Autowire/Internal/Runtime"
libraries='Glibc|Darwin|Musl|Android|Bionic|WASILibc|WinSDK|ucrt|CRT'
conditional="^[[:space:]]*#[[:space:]]*(if|elseif)\\b.*(canImport[[:space:]]*\\([[:space:]]*(${libraries})\\b|\\bos[[:space:]]*\\()"
import="^[[:space:]]*(@[A-Za-z_]+[[:space:]]+|(public|package|internal|fileprivate|private)[[:space:]]+)*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?(${libraries})(\\.|[[:space:]]|$)"

if [[ ! -d Sources ]]; then
    echo "lint-platform: no Sources/ in $(pwd)" >&2
    exit 2
fi

findings="$(
    find Sources -name '*.swift' -not -path "${platform_folder}/*" -print0 | sort -z |
        xargs -0 -r grep -nHE -e "$conditional" -e "$import" || true
)"
if [[ -n "$findings" ]]; then
    echo "$findings" | sed 's/$/   <- platform code outside '"${platform_folder//\//\\/}"'\//'
    echo "lint-platform: platform imports or conditionals outside ${platform_folder}/ (above):" \
        "move them there, behind its surface" >&2
    exit 1
fi
echo "lint-platform: no platform code outside ${platform_folder}/"
