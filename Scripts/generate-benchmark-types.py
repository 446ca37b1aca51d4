#!/usr/bin/env python3
"""Generates the many small types the scaling benchmarks need.

Writes Benchmarks/Sources/BenchmarkModels/GeneratedTypes.swift:
  - autowired chains of depth 10, 100 and 1,000 (ChainN_0 -> ChainN_1 -> ... -> ChainN_{N-1}),
    used by the chain-resolve and validate benchmarks;
  - 100 and 1,000 independent Injectable types plus a function that binds them all, and one that
    registers them in Swinject, used by the container-building benchmarks; for 100, functions that
    resolve each of them once;
  - a graph of 150 Injectable types, each with up to three dependencies on later ones (a DAG in
    which Graph150_0 reaches all 150), with the same registrations for Swinject, a hand-written
    construction of each type's graph, and functions that resolve (or make) each type as a root,
    used by the memory scenarios.

Run from the repository root: python3 Scripts/generate-benchmark-types.py
"""

import pathlib
import random

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Benchmarks" / "Sources" / "BenchmarkModels" / "GeneratedTypes.swift"
CHAIN_DEPTHS = [10, 100, 1000]
BINDING_COUNTS = [100, 1000]
# The binding count whose types also get functions that resolve each of them once.
RESOLVED_COUNT = 100
# The memory scenarios' graph: how many types, at most how many dependencies each, and the seed
# that picks them (fixed, so that the file and the figures measured over it never move).
GRAPH_TYPES = 150
GRAPH_MAX_DEPENDENCIES = 3
GRAPH_SEED = 44


def chain(depth: int) -> list[str]:
    lines = [f"// MARK: - Chain of depth {depth}", ""]
    for index in range(depth):
        name = f"Chain{depth}_{index}"
        if index + 1 < depth:
            following = f"Chain{depth}_{index + 1}"
            lines += [
                f"public final class {name}: Injectable {{",
                f"    public var next: {following}!",
                "    public init() {}",
                f"    public static let dependencies: [Dependency<{name}>] = [.inject(\\.next)]",
                "}",
            ]
        else:
            lines += [f"public final class {name}: Injectable {{", "    public init() {}", "}"]
    return lines + [""]


def bindings(count: int) -> list[str]:
    lines = [f"// MARK: - {count} bound types", ""]
    for index in range(count):
        name = f"Bound{count}_{index}"
        lines += [
            f"public final class {name}: Injectable {{",
            "    public var config: Config!",
            "    public init() {}",
            f"    public static let dependencies: [Dependency<{name}>] = [.inject(\\.config)]",
            "}",
        ]
    lines += [
        "",
        f"/// Binds all {count} `Bound{count}_*` types: even ones to themselves, odd ones as singletons.",
        f"public func bind{count}Types(_ binder: Binder) {{",
    ]
    for index in range(count):
        name = f"Bound{count}_{index}"
        if index % 2 == 0:
            lines.append(f"    binder.bind({name}.self).to({name}.self)")
        else:
            lines.append(f"    binder.bind({name}.self).scoped(.singleton).to({name}.self)")
    lines += [
        "}",
        "",
        f"/// Registers the same {count} types in Swinject the way its users write it: a closure that",
        "/// makes the object and fills its property; odd ones in the `.container` (singleton) scope.",
        f"public func register{count}Types(_ container: Swinject.Container) {{",
    ]
    for index in range(count):
        name = f"Bound{count}_{index}"
        scope = "" if index % 2 == 0 else ".inObjectScope(.container)"
        lines.append(
            f"    container.register({name}.self) {{ resolver in let object = {name}(); "
            f"object.config = resolver.resolve(Config.self); return object }}{scope}"
        )
    lines += ["}", ""]
    if count == RESOLVED_COUNT:
        lines += resolutions(count)
    return lines


def resolutions(count: int) -> list[str]:
    """Functions that resolve each bound type once, in Autowire and in Swinject: what building a
    container costs once every binding has served a resolve (Autowire compiles a binding proven
    clean at its first resolve, not when the container is built)."""
    lines = [
        f"/// Resolves each of the {count} `Bound{count}_*` types once, handing each object to `keep`.",
        f"public func resolve{count}Types(_ container: Autowire.Container, _ keep: (AnyObject) -> Void) throws {{",
    ]
    for index in range(count):
        lines.append(f"    keep(try container.resolve(Bound{count}_{index}.self))")
    lines += [
        "}",
        "",
        f"/// Resolves each of the {count} types `register{count}Types` registered once, handing each to `keep`.",
        f"public func resolve{count}Types(_ container: Swinject.Container, _ keep: (AnyObject?) -> Void) {{",
    ]
    for index in range(count):
        lines.append(f"    keep(container.resolve(Bound{count}_{index}.self))")
    return lines + ["}", ""]


def graph_dependencies(count: int) -> list[list[int]]:
    """Each type's dependencies, all on later types, so the graph is acyclic. Type i depends first
    on 2i+1 and 2i+2 (a binary tree, so that type 0 reaches every type), then on later types drawn
    with a fixed seed, up to a drawn total of one to three; the last type depends on nothing."""
    draw = random.Random(GRAPH_SEED)
    dependencies = []
    for index in range(count):
        later = list(range(index + 1, count))
        chosen = [child for child in (2 * index + 1, 2 * index + 2) if child < count]
        wanted = min(len(later), max(len(chosen), draw.randint(1, GRAPH_MAX_DEPENDENCIES)))
        while len(chosen) < wanted:
            pick = draw.choice(later)
            if pick not in chosen:
                chosen.append(pick)
        dependencies.append(chosen)
    return dependencies


def reach(dependencies: list[list[int]], root: int) -> set[int]:
    seen, pending = {root}, [root]
    while pending:
        for dependency in dependencies[pending.pop()]:
            if dependency not in seen:
                seen.add(dependency)
                pending.append(dependency)
    return seen


def graph(count: int) -> list[str]:
    """The memory scenarios' graph: the types, Swinject's registrations of them, a hand-written
    construction of each type's graph, and functions that resolve or make each type as a root."""
    dependencies = graph_dependencies(count)
    reached = [len(reach(dependencies, index)) for index in range(count)]
    edges = sum(len(each) for each in dependencies)
    name = lambda index: f"Graph{count}_{index}"
    lines = [
        f"// MARK: - A graph of {count} types",
        "//",
        f"// {count} types, {edges} dependencies (at most {GRAPH_MAX_DEPENDENCIES} each, all on later types);",
        f"// {name(0)} reaches all {count}. Resolving each type once as a root, in the default `.graph`",
        f"// scope, makes {sum(reached)} objects.",
        "",
    ]
    for index in range(count):
        lines.append(f"public final class {name(index)}: Injectable {{")
        for slot, dependency in enumerate(dependencies[index]):
            lines.append(f"    public var d{slot}: {name(dependency)}!")
        lines.append("    public init() {}")
        if dependencies[index]:
            injected = ", ".join(f".inject(\\.d{slot})" for slot in range(len(dependencies[index])))
            lines.append(f"    public static let dependencies: [Dependency<{name(index)}>] = [{injected}]")
        lines.append("}")
    lines += [
        "",
        f"/// Registers the {count} `{name(0).split('_')[0]}_*` types in Swinject the way its users write it: a",
        "/// closure that makes the object and fills its properties, in Swinject's default `.graph` scope.",
        f"public func registerGraph{count}Types(_ container: Swinject.Container) {{",
    ]
    for index in range(count):
        fills = "".join(
            f" object.d{slot} = resolver.resolve({name(dependency)}.self);"
            for slot, dependency in enumerate(dependencies[index]))
        lines.append(
            f"    container.register({name(index)}.self) {{ resolver in let object = {name(index)}();{fills} return object }}")
    lines += [
        "}",
        "",
        f"/// Resolves each of the {count} `Graph{count}_*` types once as a root, handing each object to `keep`.",
        f"public func resolveGraph{count}Each(_ container: Autowire.Container, _ keep: (AnyObject) -> Void) throws {{",
    ]
    lines += [f"    keep(try container.resolve({name(index)}.self))" for index in range(count)]
    lines += [
        "}",
        "",
        f"/// Resolves each of the {count} types `registerGraph{count}Types` registered once as a root, handing",
        "/// each object to `keep`.",
        f"public func resolveGraph{count}Each(_ container: Swinject.Container, _ keep: (AnyObject?) -> Void) {{",
    ]
    lines += [f"    keep(container.resolve({name(index)}.self))" for index in range(count)]
    lines += [
        "}",
        "",
        f"/// Makes `{name(0)}`, which reaches all {count} types, by hand: one object per type, as the",
        "/// `.graph` scope makes them.",
        f"public func makeGraph{count}Root() -> {name(0)} {{",
        f"    var made = Graph{count}Made()",
        "    return made.make0()",
        "}",
        "",
        f"/// Makes each of the {count} `Graph{count}_*` types once as a root by hand, one object per type",
        "/// reached as the `.graph` scope makes them, handing each root to `keep`: the objects alone.",
        f"public func makeGraph{count}Each(_ keep: (AnyObject) -> Void) {{",
    ]
    for index in range(count):
        lines += [
            "    do {",
            f"        var made = Graph{count}Made()",
            f"        keep(made.make{index}())",
            "    }",
        ]
    lines += [
        "}",
        "",
        f"/// The objects one hand-written construction of a `Graph{count}_*` root has made so far, one per",
        "/// type: what lets an object reached twice be shared, as in the `.graph` scope.",
        f"struct Graph{count}Made {{",
    ]
    lines += [f"    var object{index}: {name(index)}?" for index in range(count)]
    for index in range(count):
        lines += [
            "",
            f"    mutating func make{index}() -> {name(index)} {{",
            f"        if let object = object{index} {{ return object }}",
            f"        let object = {name(index)}()",
            f"        object{index} = object",
        ]
        lines += [f"        object.d{slot} = make{dependency}()" for slot, dependency in enumerate(dependencies[index])]
        lines += ["        return object", "    }"]
    return lines + ["}", ""]


def main() -> None:
    lines = [
        "// DO NOT EDIT: generated by Scripts/generate-benchmark-types.py; run it to regenerate.",
        "// swift-format-ignore-file",
        "",
        "public import Autowire",
        "public import Swinject",
        "",
    ]
    for depth in CHAIN_DEPTHS:
        lines += chain(depth)
    for count in BINDING_COUNTS:
        lines += bindings(count)
    lines += graph(GRAPH_TYPES)
    OUTPUT.write_text("\n".join(lines).rstrip() + "\n")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
