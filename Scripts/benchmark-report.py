#!/usr/bin/env python3
"""Turns package-benchmark's JMH export (a file, or stdin) into the comparison table, the table
of the core rewrite's targets, and the one-line JSON summary that Scripts/compare.sh prints.

  benchmark-report.py [JMH-EXPORT [COUNTS-TSV]]

Figures are medians of the raw samples (not the histogram's bucketed percentiles). Micro
benchmarks run 1,000 operations per sample (`scalingFactor: .kilo`), so their per-operation
figures are the sample values divided by 1,000; scaling benchmarks run one operation per sample.

COUNTS-TSV is Scripts/instruction-counts.sh --tsv output (instructions and allocations per
operation of each AutowireProfile scenario); without it the targets table shows wall clock only.
"""

import json
import statistics
import sys

# name in the suite -> (label, operations per sample)
ROWS = [
    ("graph/handwritten-constructors", "Hand-written constructors", 1000),
    ("graph/handwritten-properties", "Hand-written property injection", 1000),
    ("graph/autowire-autowired", "Autowire autowired (no registration)", 1000),
    ("graph/handwritten-shared", "Hand-written, one Logger shared by 3 objects", 1000),
    ("graph/autowire-shared", "Autowire autowired, default .graph (shared Logger)", 1000),
    ("graph/handwritten-transient", "Hand-written, a Logger for each of 3 objects", 1000),
    ("graph/autowire-transient", "Autowire autowired, every object .transient", 1000),
    ("graph/handwritten-cycle", "Hand-written property cycle (3 objects, weak back-references)", 1000),
    ("graph/autowire-cycle", "Autowire autowired property cycle", 1000),
    ("graph/handwritten-protocols", "Hand-written, every property a protocol", 1000),
    ("graph/autowire-protocols", "Autowire autowired, protocols bound to implementations", 1000),
    ("graph/autowire-typed-factories", "Autowire typed factories", 1000),
    ("graph/autowire-closure-factories", "Autowire closure factories", 1000),
    ("graph/swinject-transient", "Swinject 2.10 transient", 1000),
    ("graph/swinject-graph", "Swinject 2.10 default .graph", 1000),
    ("graph/swift-dependencies", "swift-dependencies 1.17 (@Dependency, 5 reads)", 1000),
    ("singleton/autowire", "Autowire cached singleton", 1000),
    ("singleton/swinject", "Swinject cached singleton", 1000),
    ("inject/handwritten-assignment", "Hand-written assignment of 5 values", 1000),
    ("inject/autowire-property-injector", "PropertyInjector.inject (5 singletons)", 1000),
    ("request/handwritten", "Request graph wired by hand", 1000),
    ("request/request-scope", "RequestScope.resolve (scope made once)", 1000),
    ("request/child-container", "Child container per request + resolve", 1000),
    ("chain/depth-10", "Autowired chain, depth 10", 1),
    ("chain/depth-100", "Autowired chain, depth 100", 1),
    ("chain/depth-1000", "Autowired chain, depth 1,000", 1),
    ("build/bindings-100", "Build a container, 100 bindings", 1),
    ("build/swinject-100", "Swinject 2.10: register the same 100 types", 1),
    ("build/bindings-100-resolve-each", "Build a container, 100 bindings, then resolve each once", 1),
    ("build/swinject-100-resolve-each", "Swinject 2.10: register the same 100 types, then resolve each once", 1),
    ("build/bindings-1000", "Build a container, 1,000 bindings", 1),
    ("validate/types-100", "validate over 100 types", 1),
    ("validate/types-1000", "validate over 1,000 types", 1),
    ("validate/types-100-no-probes", "validate over 100 types, injectingProbes: false", 1),
    ("validate/types-1000-no-probes", "validate over 1,000 types, injectingProbes: false", 1),
    ("cold/first-resolve", "First resolve (fresh container)", 1),
]

# Scenarios that may be filtered out of a run: shown as "not in this run" rather than as a
# failure when absent.
OPTIONAL: set[str] = set()

UNIT_TO_NS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def load(text):
    start = text.find("[{")
    if start < 0:
        sys.exit("benchmark-report: no JMH export found in the benchmark output")
    return json.JSONDecoder().raw_decode(text[start:])[0]


def median_of(metric):
    samples = [value for run in metric["rawData"] for value in run]
    return statistics.median(samples)


def collect(entries):
    results = {}
    for entry in entries:
        name = entry["benchmark"].split(".")[-1].replace("\\/", "/")
        metrics = entry.get("secondaryMetrics", {})
        wall = metrics.get("Time (wall clock)")
        mallocs = metrics.get("Malloc (total)")
        if wall is None:
            continue
        results[name] = {
            "ns": median_of(wall) * UNIT_TO_NS[wall["scoreUnit"]],
            "mallocs": median_of(mallocs) if mallocs else None,
        }
    return results


def fmt_time(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.1f} ns"


def load_counts(path):
    """scenario -> (instructions, allocations) per operation, from instruction-counts.sh --tsv."""
    counts = {}
    for line in open(path):
        fields = line.strip().split("\t")
        if len(fields) == 3:
            counts[fields[0]] = (float(fields[1]), float(fields[2]))
    return counts


# The targets of the core rewrite: (what, goal, kind, (benchmark, baseline), (profile, baseline),
# limit). `ratio` goals are met when the figure divided by its baseline is at most the limit;
# `at-least` when the baseline divided by the figure is at least it; `count` when the figure is at
# most it; `allocations` when the allocations equal it. A target is met when every figure it has
# is; one with no figure (no scenario measures it yet) is never shown as met.
TARGETS = [
    ("autowired, six objects, none shared", "≤ 1.1× hand-written property injection", "ratio",
     ("graph/autowire-autowired", "graph/handwritten-properties"), ("autowired", "handwritten-properties"), 1.1),
    ("autowired, default `.graph` (shared Logger)", "≤ 1.1× hand-written property injection", "ratio",
     ("graph/autowire-shared", "graph/handwritten-shared"), ("autowired-shared", "handwritten-shared"), 1.1),
    ("autowired, transient", "≤ 1.1× hand-written property injection", "ratio",
     ("graph/autowire-transient", "graph/handwritten-transient"), ("autowired-transient", "handwritten-transient"),
     1.1),
    ("autowired, a property cycle", "≤ 1.1× hand-written property injection", "ratio",
     ("graph/autowire-cycle", "graph/handwritten-cycle"), ("autowired-cycle", "handwritten-cycle"), 1.1),
    ("typed factories (fixed arity)", "≤ 1.3× hand-written constructors", "ratio",
     ("graph/autowire-typed-factories", "graph/handwritten-constructors"),
     ("typed-factories", "handwritten-constructors"), 1.3),
    ("closure factories", "≤ 2× hand-written constructors", "ratio",
     ("graph/autowire-closure-factories", "graph/handwritten-constructors"),
     ("closure-factories", "handwritten-constructors"), 2.0),
    ("`PropertyInjector.inject`, 5 singletons", "≤ 1.0× hand-written assignment", "ratio",
     ("inject/autowire-property-injector", "inject/handwritten-assignment"), ("injector", "handwritten-assignment"),
     1.0),
    ("cached singleton", "≤ 200 instructions", "count", None, ("singleton", None), 200),
    ("cached singleton", "Swinject ÷ Autowire ≥ 40×", "at-least", ("singleton/autowire", "singleton/swinject"),
     ("singleton", "swinject-singleton"), 40),
    ("autowired vs Swinject transient", "Swinject ÷ Autowire ≥ 20×", "at-least",
     ("graph/autowire-autowired", "graph/swinject-transient"), ("autowired", "swinject-transient"), 20),
    ("first resolve in a fresh container", "≤ 80,000 instructions", "count", None, ("cold", None), 80_000),
    ("building a container, per binding", "≤ Swinject's `register` per binding", "ratio",
     ("build/bindings-100", "build/swinject-100"), ("build-100", "swinject-build-100"), 1.0),
    ("allocations, autowired graph", "exactly the 6 objects", "allocations", None, ("autowired", None), 6),
    ("allocations, typed factories", "exactly the 6 objects", "allocations", None, ("typed-factories", None), 6),
    ("allocations, cached singleton", "0", "allocations", None, ("singleton", None), 0),
    ("allocations, `PropertyInjector`", "0", "allocations", None, ("injector", None), 0),
]


def print_targets(time, counts):
    def judged(kind, value, limit):
        if value is None:
            return None
        if kind == "ratio":
            return value <= limit
        if kind == "at-least":
            return value >= limit
        if kind == "count":
            return value <= limit
        return round(value) == limit

    def figure(kind, value):
        if value is None:
            return "—"
        if kind in ("ratio", "at-least"):
            return f"{value:.2f}×"
        if kind == "count":
            return f"{value:,.0f}"
        return f"{value:g}"

    print("| Target | Goal | Instructions | Wall clock | Met |")
    print("| --- | --- | ---: | ---: | --- |")
    for what, goal, kind, wall, profile, limit in TARGETS:
        by_count = None
        if profile and counts:
            name, base = profile
            if name in counts and (base is None or base in counts):
                mine = counts[name][1] if kind == "allocations" else counts[name][0]
                if base is None:
                    by_count = mine
                else:
                    by_count = mine / counts[base][0] if kind == "ratio" else counts[base][0] / mine
        by_wall = None
        if wall:
            mine, base = time(wall[0]), time(wall[1])
            if mine is not None and base is not None and mine > 0 and base > 0:
                by_wall = mine / base if kind == "ratio" else base / mine
        verdicts = [v for v in (judged(kind, by_count, limit), judged(kind, by_wall, limit)) if v is not None]
        if verdicts:
            met = "yes" if all(verdicts) else "**no**"
        else:
            met = "no counts in this run" if profile and not counts else "no scenario yet"
        wall_text = figure(kind, by_wall) if wall else "—"
        print(f"| {what} | {goal} | {figure(kind, by_count)} | {wall_text} | {met} |")


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    counts = load_counts(sys.argv[2]) if len(sys.argv) > 2 else None
    results = collect(load(text))
    per_op = {}
    for name, _, ops in ROWS:
        if name in results:
            r = results[name]
            per_op[name] = (r["ns"] / ops, None if r["mallocs"] is None else r["mallocs"] / ops)

    def time(name):
        return per_op[name][0] if name in per_op else None

    def mallocs(name):
        return per_op[name][1] if name in per_op else None

    def ratio(a, b):
        ta, tb = time(a), time(b)
        return None if ta is None or tb is None or tb == 0 else ta / tb

    baseline = {
        "graph/autowire-autowired": "graph/handwritten-properties",
        "graph/autowire-shared": "graph/handwritten-shared",
        "graph/autowire-transient": "graph/handwritten-transient",
        "graph/autowire-cycle": "graph/handwritten-cycle",
        "graph/autowire-protocols": "graph/handwritten-protocols",
        "graph/autowire-typed-factories": "graph/handwritten-constructors",
        "graph/autowire-closure-factories": "graph/handwritten-constructors",
        "graph/swinject-transient": "graph/handwritten-constructors",
        "graph/swinject-graph": "graph/handwritten-constructors",
        "graph/swift-dependencies": "graph/handwritten-constructors",
        "inject/autowire-property-injector": "inject/handwritten-assignment",
        "request/request-scope": "request/handwritten",
        "request/child-container": "request/handwritten",
        "chain/depth-100": "chain/depth-10",
        "chain/depth-1000": "chain/depth-100",
        "build/bindings-100": "build/swinject-100",
        "build/bindings-100-resolve-each": "build/swinject-100-resolve-each",
        "build/bindings-1000": "build/bindings-100",
        "validate/types-1000": "validate/types-100",
        "validate/types-1000-no-probes": "validate/types-100-no-probes",
        "singleton/swinject": "singleton/autowire",
    }
    print("| Scenario | Median per operation | Allocations per operation | Ratio |")
    print("| --- | ---: | ---: | --- |")
    for name, label, _ in ROWS:
        if name not in per_op:
            print(f"| {label} | {'not in this run' if name in OPTIONAL else 'not measured'} | | |")
            continue
        ns, allocs = per_op[name]
        allocs_text = "" if allocs is None else (f"{allocs:.0f}" if allocs >= 100 else f"{allocs:.2f}".rstrip("0").rstrip("."))
        ratio_text = ""
        if name in baseline and ratio(name, baseline[name]) is not None:
            other = next(label for n, label, _ in ROWS if n == baseline[name])
            ratio_text = f"{ratio(name, baseline[name]):.2f}× {other.lower()}"
        print(f"| {label} | {fmt_time(ns)} | {allocs_text} | {ratio_text} |")

    # A scenario this report has no row for (one a user added to the suite, say) is shown, never
    # dropped: per sample, since only ROWS knows how many operations a sample runs.
    unknown = sorted(name for name in results if name not in {row[0] for row in ROWS})
    if unknown:
        print()
        print("Scenarios this report does not know (per sample; add them to ROWS in Scripts/benchmark-report.py")
        print("with their operations per sample for per-operation figures and ratios):")
        print()
        print("| Scenario | Median per sample | Allocations per sample |")
        print("| --- | ---: | ---: |")
        for name in unknown:
            r = results[name]
            allocs_text = "" if r["mallocs"] is None else f"{r['mallocs']:.0f}"
            print(f"| {name} | {fmt_time(r['ns'])} | {allocs_text} |")
        print(f"benchmark-report: {len(unknown)} scenario(s) not in ROWS: {', '.join(unknown)}", file=sys.stderr)

    def rounded(value, places=2):
        return None if value is None else round(value, places)

    summary = {
        "autowired_vs_handwritten": rounded(ratio("graph/autowire-autowired", "graph/handwritten-properties")),
        "shared_vs_handwritten": rounded(ratio("graph/autowire-shared", "graph/handwritten-shared")),
        "transient_vs_handwritten": rounded(ratio("graph/autowire-transient", "graph/handwritten-transient")),
        "cycle_vs_handwritten": rounded(ratio("graph/autowire-cycle", "graph/handwritten-cycle")),
        "protocols_vs_handwritten": rounded(ratio("graph/autowire-protocols", "graph/handwritten-protocols")),
        "typed_factory_vs_handwritten": rounded(ratio("graph/autowire-typed-factories", "graph/handwritten-constructors")),
        "closure_factory_vs_handwritten": rounded(ratio("graph/autowire-closure-factories", "graph/handwritten-constructors")),
        "swinject_vs_autowired": rounded(ratio("graph/swinject-transient", "graph/autowire-autowired")),
        "swift_dependencies_vs_autowired": rounded(ratio("graph/swift-dependencies", "graph/autowire-autowired")),
        "swift_dependencies_mallocs": rounded(mallocs("graph/swift-dependencies")),
        "swinject_singleton_vs_singleton": rounded(ratio("singleton/swinject", "singleton/autowire")),
        "singleton_mallocs": rounded(mallocs("singleton/autowire")),
        "autowired_mallocs": rounded(mallocs("graph/autowire-autowired")),
        "typed_factory_mallocs": rounded(mallocs("graph/autowire-typed-factories")),
        "injector_vs_handwritten": rounded(ratio("inject/autowire-property-injector", "inject/handwritten-assignment")),
        "request_scope_ns": rounded(time("request/request-scope"), 1),
        "request_scope_vs_handwritten": rounded(ratio("request/request-scope", "request/handwritten")),
        "child_request_ns": rounded(time("request/child-container"), 1),
        "child_request_vs_handwritten": rounded(ratio("request/child-container", "request/handwritten")),
        "chain_1000_vs_100": rounded(ratio("chain/depth-1000", "chain/depth-100")),
        "validate_1000_vs_100": rounded(ratio("validate/types-1000", "validate/types-100")),
    }
    print()
    print("Targets of the core rewrite (instructions from callgrind, wall clock from the table above):")
    print()
    print_targets(time, counts)
    print()
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
