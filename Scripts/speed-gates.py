#!/usr/bin/env python3
"""Holds measured instructions, allocations and heap bytes retained per operation to the
committed thresholds, for Scripts/speed-gates.sh (which measures and calls this).

    speed-gates.py check|update THRESHOLDS MEASURED TOOLCHAIN [--partial]

MEASURED is Scripts/instruction-counts.sh's --tsv output:
`scenario<TAB>instructions<TAB>allocations<TAB>retained<TAB>first retained`, where retained (heap
bytes retained per operation) and first retained (heap bytes a fresh process retains after its
first operation) are `-` for the scenarios that keep nothing: only the memory scenarios have them.
--partial says it holds only some of the profile's scenarios.

check prints one row per scenario and figure (measured, threshold, ratio, verdict) and exits 1
when any figure is more than TOLERANCE above its threshold (a threshold of 0 allows none), naming
each such scenario. A figure more than TOLERANCE below its threshold is reported, not failed, so
that a gain can be locked in with --update. update rewrites the thresholds of the measured
scenarios (with --partial the others are kept; without, thresholds of scenarios the profile no
longer has are dropped) and prints what changed.
"""

import json
import os
import sys

TOLERANCE = 0.10
# Every figure a scenario may have, in the order they are shown; the retained bytes and the first
# operation's instructions only for the memory scenarios.
METRICS = ("instructions", "allocations", "retained_bytes", "first_retained_bytes", "first_instructions")


def read_measured(path):
    measured = {}
    with open(path) as file:
        for line in file:
            if not line.strip():
                continue
            scenario, instructions, allocations, retained, first, *rest = line.rstrip("\n").split("\t")
            figures = {"instructions": int(instructions), "allocations": number(allocations)}
            if retained != "-":
                figures["retained_bytes"] = number(retained)
            if first != "-":
                figures["first_retained_bytes"] = number(first)
            if rest and rest[0] != "-":
                figures["first_instructions"] = int(rest[0])
            measured[scenario] = figures
    if not measured:
        sys.exit("speed-gates: nothing was measured")
    return measured


def number(text):
    value = float(text)
    return int(value) if value.is_integer() else value


def fmt(value):
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"


def check(thresholds, measured, toolchain, partial):
    known = thresholds.get("scenarios", {})
    if thresholds.get("toolchain") != toolchain:
        print(
            f"speed-gates: warning: the thresholds were measured with {thresholds.get('toolchain')!r}, "
            f"this is {toolchain!r}; a new toolchain moves instruction counts, so check the figures "
            "below and accept them with Scripts/speed-gates.sh --update"
        )
    print(f"| Scenario | Figure | Measured | Threshold | Ratio | Verdict (±{TOLERANCE:.0%}) |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    regressions, gains, missing = [], [], []
    for scenario, figures in measured.items():
        if scenario not in known:
            missing.append(scenario)
            print(f"| {scenario} | | | | | no threshold |")
            continue
        for metric in METRICS:
            if metric not in figures and metric not in known[scenario]:
                continue
            if metric not in figures:
                missing.append(f"{scenario} ({metric}: the threshold has it, the measurement does not)")
                print(f"| {scenario} | {metric} | | {fmt(known[scenario][metric])} | | not measured |")
                continue
            if metric not in known[scenario]:
                missing.append(f"{scenario} ({metric})")
                print(f"| {scenario} | {metric} | {fmt(figures[metric])} | | | no threshold |")
                continue
            value, limit = figures[metric], known[scenario][metric]
            if limit == 0:
                ratio = "—" if value == 0 else "∞"
                regressed, gained = value > 0, False
            else:
                ratio = f"{value / limit:.2f}"
                regressed, gained = value > limit * (1 + TOLERANCE), value < limit * (1 - TOLERANCE)
            verdict = "ok"
            if regressed:
                verdict = "REGRESSED"
                regressions.append(f"{scenario} ({metric} {fmt(value)}, threshold {fmt(limit)})")
            elif gained:
                verdict = "improved: lock in with --update"
                gains.append(f"{scenario} ({metric} {fmt(value)}, threshold {fmt(limit)})")
            print(f"| {scenario} | {metric} | {fmt(value)} | {fmt(limit)} | {ratio} | {verdict} |")
    unmeasured = sorted(set(known) - set(measured))
    print()
    if unmeasured and not partial:
        print("speed-gates: thresholds for scenarios the profile no longer has: " + ", ".join(unmeasured))
    if gains:
        print(
            f"speed-gates: more than {TOLERANCE:.0%} below the threshold (not a failure): "
            + "; ".join(gains)
            + ". If the gain is intended, lock it in: Scripts/speed-gates.sh --update, and commit the "
            "thresholds file."
        )
    if missing:
        print(
            "speed-gates: FAILED: no threshold (or no measurement) for " + ", ".join(missing)
            + ". Measure them with Scripts/speed-gates.sh --update and commit the thresholds file."
        )
    if regressions:
        print(
            f"speed-gates: FAILED: more than {TOLERANCE:.0%} above the threshold: "
            + "; ".join(regressions)
            + ". Find the cause (Scripts/instruction-counts.sh SCENARIO, callgrind_annotate); if the "
            "cost is intended, accept it with Scripts/speed-gates.sh --update and say why in the commit."
        )
    if missing or regressions:
        return 1
    print(f"speed-gates: passed: no scenario more than {TOLERANCE:.0%} above its thresholds")
    return 0


def update(path, thresholds, measured, toolchain, partial):
    known = dict(thresholds.get("scenarios", {}))
    if not partial:
        for scenario in sorted(set(known) - set(measured)):
            print(f"speed-gates: dropping the threshold of {scenario}, which the profile no longer has")
    print("| Scenario | Figure | Old threshold | New threshold |")
    print("| --- | --- | ---: | ---: |")
    for scenario, figures in measured.items():
        for metric in METRICS:
            old, new = known.get(scenario, {}).get(metric), figures.get(metric)
            if old != new:
                print(f"| {scenario} | {metric} | {'' if old is None else fmt(old)} | {'' if new is None else fmt(new)} |")
        known[scenario] = figures
    # A whole measurement gives the profile's order and drops stale scenarios; a partial one keeps
    # the file's order and adds new scenarios at the end.
    order = list(measured) if not partial else list(known)
    thresholds = {
        "about": ABOUT,
        "toolchain": toolchain,
        "scenarios": {name: known[name] for name in order},
    }
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(render(thresholds))
    print(f"\nspeed-gates: wrote {path}")
    return 0


ABOUT = (
    "Instructions (callgrind) and allocations (malloc calls) per operation of each AutowireProfile "
    "scenario, and for the memory scenarios the heap bytes retained per operation (retained_bytes: "
    "the usable sizes of the blocks still live at exit) and by a fresh process's first operation "
    "(first_retained_bytes, with what the process keeps once), and the instructions of that first "
    "operation (first_instructions), release build, measured by "
    "Scripts/instruction-counts.sh. Scripts/speed-gates.sh fails when a figure is more than 10% "
    "above its threshold; Scripts/speed-gates.sh --update rewrites this file from a measurement "
    "(the way to accept an intended change)."
)


def render(thresholds):
    # One scenario per line, so that a diff shows which figures moved.
    lines = ["{"]
    lines.append(f'  "about": {json.dumps(thresholds["about"], ensure_ascii=False)},')
    lines.append(f'  "toolchain": {json.dumps(thresholds["toolchain"])},')
    lines.append('  "scenarios": {')
    entries = list(thresholds["scenarios"].items())
    for index, (name, figures) in enumerate(entries):
        comma = "," if index < len(entries) - 1 else ""
        lines.append(f"    {json.dumps(name)}: {json.dumps(figures)}{comma}")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    arguments = sys.argv[1:]
    partial = "--partial" in arguments
    arguments = [argument for argument in arguments if argument != "--partial"]
    if len(arguments) != 4 or arguments[0] not in ("check", "update"):
        sys.exit(__doc__)
    mode, path, measured_path, toolchain = arguments
    measured = read_measured(measured_path)
    try:
        with open(path) as file:
            thresholds = json.load(file)
    except FileNotFoundError:
        if mode == "check":
            sys.exit(f"speed-gates: no thresholds file at {path}; create it with Scripts/speed-gates.sh --update")
        thresholds = {}
    if mode == "update":
        return update(path, thresholds, measured, toolchain, partial)
    return check(thresholds, measured, toolchain, partial)


if __name__ == "__main__":
    sys.exit(main())
