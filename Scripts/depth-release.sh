#!/usr/bin/env bash
# Runs the deep-graph tests in a release build: how deep a resolve gets on a 512 KiB thread depends
# on the optimizer (release frames are smaller), so both builds must end in a complete chain or in
# `resolution-too-deep`, never in a crash. Uses its own scratch path so it never shares objects with
# the debug build; `-enable-testing` because some test files import Autowire with `@testable`.
#
# Usage: Scripts/depth-release.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift test -c release -Xswiftc -enable-testing --scratch-path .build-release \
    --filter 'DeepGraphTests|DepthTests'
