#!/usr/bin/env python3
"""Turns package-benchmark's JMH export (read from stdin or a file) into the comparison table and
the one-line JSON summary that Scripts/compare.sh prints.

Figures are medians of the raw samples (not the histogram's bucketed percentiles). Micro
benchmarks run 1,000 operations per sample (`scalingFactor: .kilo`), so their per-operation
figures are the sample values divided by 1,000; scaling benchmarks run one operation per sample.
"""

import json
import statistics
import sys

# name in the suite -> (label, operations per sample)
ROWS = [
    ("graph/handwritten-constructors", "Hand-written constructors", 1000),
    ("graph/handwritten-properties", "Hand-written property injection", 1000),
    ("graph/autowire-autowired", "Autowire autowired (no registration)", 1000),
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


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
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

    def rounded(value, places=2):
        return None if value is None else round(value, places)

    summary = {
        "autowired_vs_handwritten": rounded(ratio("graph/autowire-autowired", "graph/handwritten-properties")),
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
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
