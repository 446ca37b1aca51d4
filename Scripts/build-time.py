#!/usr/bin/env python3
"""Times how long users' code that declares Autowire dependencies takes to compile.

Generates a throwaway package (in .build/build-time/apps, or under --work DIR) that depends on this
checkout of Autowire by path and on Swinject 2.10.0, with three executables, each one generated
file (main.swift):

  autowire  N `Injectable` classes, each with three `.inject(\\.x)` dependencies, and a main that
            resolves the first one from a `Container`;
  hand      the same N classes taking their three dependencies in an initializer, and a main that
            builds the same graph by hand (each object made once, as Autowire's `.graph` scope does);
  swinject  the hand-written classes again, registered in a Swinject `Container` (its default
            `.graph` scope), and a main that resolves the first one.

Class i depends on classes 2i+1, 2i+2 and 2i+3 (a `Leaf` class past the end): a graph about
log2(N) deep (Swinject refuses graphs deeper than 200) in which neighbours share a dependency;
resolving class 0 makes every object once. It builds the package once with SwiftPM (release and debug: Autowire,
Swinject, the three apps, each app run once to check it resolves), then times only the compiler on
each generated file, as SwiftPM compiles a single-file module:

  release   swiftc -swift-version 6 -O -whole-module-optimization -c main.swift
  debug     swiftc -swift-version 6 -Onone -g -c main.swift

against the modules that build produced. The variants run in turn (autowire, hand, swinject, then
the next round in a rotated order), so that a change in the machine's load falls on all of them;
the ratios to hand-written code are taken round by round. Figures are the compiler's CPU time
(user + system) and its wall-clock time, as min / median / max over the rounds. With --baseline
PATH, the autowire app is also built against the Autowire checkout at PATH (another worktree, say)
and timed in the same rounds: a before/after comparison under the same load.

Run from the repository root:

    python3 Scripts/build-time.py                      # 400 classes, 5 rounds, release and debug
    python3 Scripts/build-time.py --runs 9 --classes 200 --configurations release
    python3 Scripts/build-time.py --baseline ../main           # against another checkout
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
VARIANTS = {"autowire": "AutowireWired", "hand": "HandWired", "swinject": "SwinjectWired"}
COMPILE_FLAGS = {
    "release": ["-O", "-whole-module-optimization"],
    "debug": ["-Onone", "-g"],
}


def dependency_names(index: int, count: int) -> list[str]:
    return [f"C{j}" if j < count else "Leaf" for j in (2 * index + 1, 2 * index + 2, 2 * index + 3)]


def autowire_app(count: int) -> str:
    lines = ["import Autowire", "", "final class Leaf: Injectable {", "    init() {}", "}", ""]
    for index in range(count):
        names = dependency_names(index, count)
        lines += [f"final class C{index}: Injectable {{"]
        lines += [f"    var d{k}: {name}!" for k, name in enumerate(names)]
        lines += [
            "    init() {}",
            f"    static let dependencies: [Dependency<C{index}>] = [.inject(\\.d0), .inject(\\.d1), .inject(\\.d2)]",
            "}",
            "",
        ]
    lines += [
        "let container = Container()",
        "let root = try container.resolve(C0.self)",
        f'print("autowire: resolved \\(type(of: root)) and its graph of {count + 1} classes")',
    ]
    return "\n".join(lines) + "\n"


def hand_classes(count: int) -> list[str]:
    lines = ["final class Leaf {", "    init() {}", "}", ""]
    for index in range(count):
        names = dependency_names(index, count)
        lines += [f"final class C{index} {{"]
        lines += [f"    let d{k}: {name}" for k, name in enumerate(names)]
        parameters = ", ".join(f"d{k}: {name}" for k, name in enumerate(names))
        lines += [f"    init({parameters}) {{"]
        lines += [f"        self.d{k} = d{k}" for k in range(3)]
        lines += ["    }", "}", ""]
    return lines


def variable(name: str) -> str:
    return name[0].lower() + name[1:]


def hand_app(count: int) -> str:
    lines = hand_classes(count) + [f"func makeC0() -> C0 {{", "    let leaf = Leaf()"]
    for index in reversed(range(count)):
        arguments = ", ".join(f"d{k}: {variable(name)}" for k, name in enumerate(dependency_names(index, count)))
        lines += [f"    let c{index} = C{index}({arguments})"]
    lines += [
        "    return c0",
        "}",
        "",
        "let root = makeC0()",
        f'print("hand: built \\(type(of: root)) and its graph of {count + 1} classes")',
    ]
    return "\n".join(lines) + "\n"


def swinject_app(count: int) -> str:
    lines = ["import Swinject", ""] + hand_classes(count)
    lines += ["let container = Container()", "container.register(Leaf.self) { _ in Leaf() }"]
    for index in range(count):
        arguments = ", ".join(
            f"d{k}: r.resolve({name}.self)!" for k, name in enumerate(dependency_names(index, count)))
        lines += [f"container.register(C{index}.self) {{ r in C{index}({arguments}) }}"]
    lines += [
        "let root = container.resolve(C0.self)!",
        f'print("swinject: resolved \\(type(of: root)) and its graph of {count + 1} classes")',
    ]
    return "\n".join(lines) + "\n"


def manifest(autowire: pathlib.Path, targets: list[str]) -> str:
    declared = {
        "AutowireWired": '.executableTarget(name: "AutowireWired", dependencies: [.product(name: "Autowire", package: "Autowire")]),',
        "HandWired": '.executableTarget(name: "HandWired"),',
        "SwinjectWired": '.executableTarget(name: "SwinjectWired", dependencies: [.product(name: "Swinject", package: "Swinject")]),',
    }
    swinject = '\n        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),' if "SwinjectWired" in targets else ""
    lines = "\n".join(f"        {declared[target]}" for target in targets)
    return f"""// swift-tools-version: 6.1
// Generated by Scripts/build-time.py: do not edit.
import PackageDescription

let package = Package(
    name: "BuildTimeApps",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Autowire", path: "{autowire}"),{swinject}
    ],
    targets: [
{lines}
    ]
)
"""


def write_if_changed(path: pathlib.Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


class App:
    """One generated app to time: a target of a generated package."""

    def __init__(self, name: str, package: pathlib.Path, variant: str) -> None:
        self.name = name
        self.package = package
        self.target = VARIANTS[variant]
        self.bin_path = pathlib.Path()

    def command(self, configuration: str) -> list[str]:
        return [
            "swiftc", "-module-name", self.target, "-swift-version", "6", *COMPILE_FLAGS[configuration],
            "-I", str(self.bin_path / "Modules"), "-c", str(self.package / "Sources" / self.target / "main.swift"),
            "-o", str(self.package / f"{self.target}-{configuration}.o"),
        ]


def generate(package: pathlib.Path, autowire: pathlib.Path, count: int, variants: list[str]) -> None:
    write_if_changed(package / "Package.swift", manifest(autowire, [VARIANTS[variant] for variant in variants]))
    write_if_changed(package / ".gitignore", "*\n")
    sources = {"autowire": autowire_app, "hand": hand_app, "swinject": swinject_app}
    for variant in variants:
        write_if_changed(package / "Sources" / VARIANTS[variant] / "main.swift", sources[variant](count))


def build_once(package: pathlib.Path, configuration: str) -> pathlib.Path:
    """Builds a package (Autowire, Swinject, the apps), runs each app, returns its bin path."""
    subprocess.run(["swift", "build", "--package-path", str(package), "-c", configuration], check=True, stdout=sys.stderr)
    bin_path = pathlib.Path(subprocess.run(
        ["swift", "build", "--package-path", str(package), "-c", configuration, "--show-bin-path"],
        check=True, capture_output=True, text=True).stdout.strip())
    for target in VARIANTS.values():
        if (package / "Sources" / target).exists():
            output = subprocess.run([str(bin_path / target)], check=True, capture_output=True, text=True).stdout
            print(f"  {configuration}: {output.strip()}", file=sys.stderr)
    return bin_path


def timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) seconds of one run of `command`, its children included
    (the compiler driver runs the frontend as a child process, and waits for it)."""
    before = os.times()
    start = time.perf_counter()
    process = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = os.times()
    if process.returncode != 0:
        sys.exit(f"build-time: {' '.join(command)} failed:\n{process.stderr.decode()}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu


def spread(values: list[float], digits: int = 2) -> str:
    return f"{min(values):.{digits}f} / {statistics.median(values):.{digits}f} / {max(values):.{digits}f}"


def measure(apps: list[App], configuration: str, runs: int) -> None:
    commands = {app.name: app.command(configuration) for app in apps}
    names = [app.name for app in apps]
    for name in names:  # warm-up: file caches, and a check that each compiles
        timed(commands[name])
    wall: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    for round_index in range(runs):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            seconds, processor = timed(commands[name])
            wall[name].append(seconds)
            cpu[name].append(processor)
    print(f"\n{configuration}: {runs} rounds, `{' '.join(COMPILE_FLAGS[configuration])}`, "
          "seconds as min / median / max\n")
    print("| app | CPU s | wall s | CPU ÷ hand (per round) | wall ÷ hand (per round) |")
    print("|---|---|---|---|---|")
    for name in names:
        row = f"| {name} | {spread(cpu[name])} | {spread(wall[name])} |"
        if "hand" in names and name != "hand":
            cpu_ratios = [a / b for a, b in zip(cpu[name], cpu["hand"])]
            wall_ratios = [a / b for a, b in zip(wall[name], wall["hand"])]
            row += f" {spread(cpu_ratios)} | {spread(wall_ratios)} |"
        else:
            row += " | |"
        print(row)
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--classes", type=int, default=400, help="classes per generated file (default 400)")
    parser.add_argument("--runs", type=int, default=5, help="timed rounds per configuration (default 5)")
    parser.add_argument("--configurations", default="release,debug", help="release, debug or both (default)")
    parser.add_argument("--variants", default="autowire,hand,swinject", help="which generated apps to time")
    parser.add_argument("--work", type=pathlib.Path, default=ROOT / ".build" / "build-time",
                        help="where the generated packages go (default .build/build-time)")
    parser.add_argument("--baseline", type=pathlib.Path,
                        help="another Autowire checkout: its autowire app is timed in the same rounds")
    arguments = parser.parse_args()
    variants = arguments.variants.split(",")
    configurations = arguments.configurations.split(",")
    unknown = [v for v in variants if v not in VARIANTS] + [c for c in configurations if c not in COMPILE_FLAGS]
    if unknown:
        sys.exit(f"build-time: unknown variant or configuration: {', '.join(unknown)}")
    work = arguments.work.resolve()
    generate(work / "apps", ROOT, arguments.classes, variants)
    apps = [App(variant, work / "apps", variant) for variant in variants]
    packages = [work / "apps"]
    if arguments.baseline:
        generate(work / "baseline", arguments.baseline.resolve(), arguments.classes, ["autowire"])
        apps.insert(1, App("autowire (baseline)", work / "baseline", "autowire"))
        packages.append(work / "baseline")
    print(f"{arguments.classes} classes, three dependencies each; packages in {work}", file=sys.stderr)
    for configuration in configurations:
        bin_paths = {package: build_once(package, configuration) for package in packages}
        for app in apps:
            app.bin_path = bin_paths[app.package]
        measure(apps, configuration, arguments.runs)


if __name__ == "__main__":
    main()
