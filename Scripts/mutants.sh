#!/usr/bin/env bash
# A mutation check: breaks the library on purpose, one small mutation at a time, and requires the
# tests to notice. Each mutant is a precise textual substitution in one source file; the tests of
# its filter must then fail ("killed"). A mutant the tests do not notice ("survived") is a behaviour
# nothing checks.
#
#   Scripts/mutants.sh            every mutant (about 5 minutes on 2 cores once the copy is built)
#   Scripts/mutants.sh --fast     the few marked fast, each running only its small filter (CI)
#   Scripts/mutants.sh --list     the mutants, their files and filters; runs nothing
#   Scripts/mutants.sh --check    that each mutant's text occurs exactly once in its file, so that
#                                 a change to the source cannot leave a mutant that no longer
#                                 applies unnoticed (CI); builds nothing, runs nothing
#   Scripts/mutants.sh NAME…      only the mutants named
#
# The package is copied to .build/mutants/package and built there, in its own scratch path, so the
# main .build is never invalidated; only changed files are copied again, so later runs build
# incrementally. Before any mutant, the unmutated copy must pass every filter to be run. Then for
# each mutant: the file is restored, the substitution applied (it must match exactly once, or the
# mutant is an error: the source changed under it), the copy built and the filter run, with a time
# limit (a mutant that hangs its tests counts as killed: the tests' own bounded waits fail).
#
# Prints a table (mutant, tests, result, seconds) and a closing `N killed, M survived` line. Exits
# non-zero if a mutant survived, could not be applied or built, or the unmutated tests fail.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="${AUTOWIRE_MUTANTS_DIR:-$root/.build/mutants}"
package="$work/package"
scratch="$work/build"

# name | file under Sources/Autowire | tests (a --filter) | fast? ; then the text replaced and its
# replacement, each on one line. Keep each mutation small and meaningful: the behaviour it breaks
# is in its name.
names=()
files=()
filters=()
fast=()
olds=()
news=()
mutant() {
    names+=("$1")
    files+=("$2")
    filters+=("$3")
    fast+=("$4")
    olds+=("$5")
    news+=("$6")
}

# Container lifetime: a custom scope's producer keeps its storage alive (a strong reference where
# it holds an `Unowned` one): releasing the container frees none of its custom-scope or resettable
# instances.
mutant resettable-producer-retains-storage Internal/Producers/ResettableProducer.swift \
    'ContainerLifetimeTests' no \
    '        self.storageReference = Unowned(storage)' \
    '        self.storageReference = Unowned(storage)
        _ = unsafe Unmanaged.passRetained(storage)'
# Container lifetime: handles and resolvers made by the recursive path for an object the container
# keeps hold it strongly, so a singleton keeps its own container alive.
mutant kept-object-handles-strong Internal/ClosureCalls/ResolutionState+Creations.swift \
    'ContainerLifetimeTests|HandleLifetimeTests' no \
    'var isMakingKeptObject: Bool { keptCreations > 0 }' \
    'var isMakingKeptObject: Bool { false }'
# Container lifetime: a resolve program makes strong handles inside a singleton's region.
mutant program-kept-object-handles-strong Internal/Compiling/ProgramLowering.swift \
    'ContainerLifetimeTests|HandleLifetimeTests' no \
    'var isInsideKeptObject: Bool { openRegions > 0 || kind.makesForKeptObject }' \
    'var isInsideKeptObject: Bool { false }'
# Container lifetime: handles of objects the container does not keep hold it weakly, so a handle
# after a temporary container throws `container-released`.
mutant unkept-object-handles-weak Internal/Producers/DeferredProducer.swift \
    'ContainerLifetimeTests' no \
    'registry: registry, weakly: false, handleKey: handleKey, targetKey: targetKey,' \
    'registry: registry, weakly: true, handleKey: handleKey, targetKey: targetKey,'

# Scope sharing: a `.graph` object met again in the same program is made anew rather than read
# from the slot it was made into.
mutant graph-object-not-reused Internal/Compiling/ProgramLowering+Walk.swift \
    'ScopeTests|CycleTests|RandomizedGraphTests' no \
    'if let slot = graphSlots[id] { return .slot(slot) }' \
    ''
# Cycles: a program whose static graph meets a running shared factory again stops lowering, and
# its root has no program, though at run time the region around the meeting may be skipped.
mutant never-closing-cycle-stops-lowering Internal/Compiling/ProgramLowering+Walk.swift \
    'RandomizedGraphTests' no \
    'emitCall(BuiltOutside(producer, isFactory: true), arguments: [], into: slot, path: path)' \
    'throw .unsupported'
# Scope sharing: a `.graph` closure factory's value is not recorded for the rest of the resolve.
mutant graph-factory-value-not-recorded Internal/Engine/ResolveProgram+Closures.swift \
    'ScopeTests|BindingTests|ClosureFactoryProgramTests|NestedProgramTests|TransientAroundClosureTests' no \
    'pointee.record(recording.reference(for: value), at: slot)' \
    'if false { pointee.record(recording.reference(for: value), at: slot) }'
# Scope sharing: a singleton is never published, so every resolve creates it again.
mutant singleton-never-published Internal/Producers/SingletonProducer.swift \
    'ScopeTests|SingletonPublicationTests' no \
    'isCreated.store(true, ordering: .releasing)' \
    ''
# Cycle check, first pass: cycles found on the walk are not reported (the second pass still runs).
mutant cycle-first-pass-silent Internal/Compiling/PlanCompiler+Cycles.swift \
    'CycleTests|CycleCheckTests|BadInputCatalogueTests' yes \
    'if !closes(through: Array(cycle)) {' \
    'if !closes(through: Array(cycle)), cycle.count > 1_000 {'
# Cycle check while compiling: a finished producer is taken for acyclic whatever its edges lead to.
mutant cycle-marked-acyclic-unchecked Internal/Compiling/PlanCompiler+Cycles.swift \
    'CycleTests|CycleCheckTests' no \
    'let reach = reachThroughCheckedEdges(of: producer)' \
    'let reach = reachThroughCheckedEdges(of: producer) ?? Optional(1)'
# Cycle check, first pass: a factory outside `.transient` is taken for something that closes a cycle.
mutant cycle-factory-taken-as-closing Internal/Compiling/PlanCompiler+Cycles.swift \
    'CycleTests|CycleCheckTests|BadInputCatalogueTests' no \
    'guard producer.isFactory, producer.scope != .transient else { return nil }' \
    'guard producer.isFactory, producer.scope == .singleton else { return nil }'
# Constructor cycles: a property fill that meets a running factory never waits for it.
mutant constructor-cycle-never-waits Internal/Compiling/ProgramLowering+Walk.swift \
    'ConstructorCycleTests|CycleTests' no \
    'if case .store(let owner, let store) = destination, Self.closesCycleWhenItReturns(lowering) {' \
    'if case .store(let owner, let store) = destination, false, Self.closesCycleWhenItReturns(lowering) {'
# Hooks: an object's hook runs when its own fill ends, before the cycle it is on is complete.
mutant hook-before-cycle-complete Internal/ClosureCalls/ResolutionState+Creations.swift \
    'InjectionHookTests|ConstructorCycleTests|WaitingVariantTests' no \
    'if frame.earliestRead >= frame.start {' \
    'if frame.earliestRead >= frame.start || !frame.hooks.isEmpty {'
# The same rule in programs: a hook is called right after its object's fill, before the objects
# of the cycle it is on are complete, rather than where the program's (or region's) hooks run.
mutant hook-before-cycle-complete-in-program Internal/Compiling/ProgramLowering.swift \
    'InjectionHookTests|ConstructorCycleTests' no \
    '                    pendingHooks.append((slot, index, top.path, enclosingRegions.last))' \
    '                    pendingHooks.append((slot, index, top.path, enclosingRegions.last)); emitHooks(from: pendingHooks.count - 1, toCreationFrame: nested)'
# Cycles are judged per entry: building reports a cycle that closes when entered elsewhere.
mutant build-judges-every-entry Internal/Registry.swift \
    'CyclePerEntryTests|CycleCheckTests' no \
    'compiler.defersEntryDependentCycles = true' \
    'compiler.defersEntryDependentCycles = false'
# Cycle check: a property that meets a running factory through an alias is not seen to wait for it.
mutant cycle-alias-hides-waiting-property Internal/Compiling/PlanCompiler+Cycles.swift \
    'CyclePerEntryTests|RandomizedGraphTests' no \
    'while cycle[position].producer is any ForwardingProducer, passed < cycle.count - 1 {' \
    'while cycle[position].producer is any ForwardingProducer, passed < 0 {'
# Cycle check, second pass: a property that waits for a running factory is walked, and can hide a
# transient pair behind it (a resolve then goes round until the stack runs out).
mutant cycle-second-pass-follows-waiting-properties Internal/Compiling/PlanCompiler+Cycles.swift \
    'CyclePerEntryTests|RandomizedGraphTests' no \
    '(!edge.target.registersEarly && !edge.waitsForRunningFactory)' \
    '(!edge.target.registersEarly)'
# Cycle check, second pass: endless cycles first reached through a shared object are not looked for.
mutant cycle-second-pass-skipped Internal/Compiling/PlanCompiler+Cycles.swift \
    'CycleTests|CycleCheckTests|RandomizedGraphTests' no \
    'findEndlessCycles(&walk)' \
    'if walk.reached < 0 { findEndlessCycles(&walk) }'
# Singletons: a thread that waited for the creation lock does not check again that the singleton
# was created meanwhile, and creates a second one (in a program's region, which creates them now).
mutant singleton-no-recheck-under-lock Internal/Producers/SingletonProducer.swift \
    'StressTests|ConcurrencyTests|SingletonPublicationTests|CreationLockTests|SingletonProgramTests|ClosureInsideRegionTests|SingletonAfterClosureTests' no \
    'if isCreated.load(ordering: .acquiring) {
            lock.unlock()
            return recordedInstance
        }' \
    ''
# Singletons: the grouping of singletons that need each other is skipped when there are only two,
# so each keeps a lock of its own and two threads creating them from both ends deadlock.
mutant creation-locks-skipped-for-two-singletons Internal/Compiling/PlanCompiler+CreationLocks.swift \
    'CreationLockGroupTests' no \
    'guard newSingletons > 1, mayBeInACycle else {' \
    'guard newSingletons > 2, mayBeInACycle else {'
# Lazy: a thread that waited for the lazy's lock resolves the value again.
mutant lazy-no-recheck-under-lock Resolving/Lazy.swift \
    'ProviderLazyTests|ConcurrencyTests|StressTests' no \
    'try lock.withLock {
                if let value { return value }' \
    'try lock.withLock {'
# Main actor: a plan isolated to the main actor runs anywhere on the recursive path. (Since
# validation resolves by programs, no test reaches this check off the main thread: only a root that
# keeps the recursive path would, and it goes with that path. The fast set checks the program's.)
mutant main-actor-check-skipped Internal/Injection/InjectionPlan.swift \
    'MainActorTests|MainActorIsolationTests|BadInputCatalogueTests' no \
    'if let mainActor, !mainActor.thread.isCurrent {' \
    'if let mainActor, mainActor.thread.isCurrent, !mainActor.thread.isCurrent {'
# Main actor: any thread of the process passes for the main thread.
mutant main-thread-is-any-thread Internal/Runtime/CurrentThread.swift \
    'MainActorTests|MainActorIsolationTests|BadInputCatalogueTests|ValidationOnMainActorTests' no \
    'return linuxThreadID?() == getpid()' \
    'return linuxThreadID?() != nil'
# Mirror audit: a class-typed optional property is never seen as nil.
mutant mirror-audit-reference-never-nil Internal/Runtime/ClassFields.swift \
    'MirrorAuditTests|FirstFillCheckTests|ValidationTests' no \
    'return unsafe base.load(fromByteOffset: fields[index].offset, as: UInt.self) == 0' \
    'return unsafe base.load(fromByteOffset: fields[index].offset, as: UInt.self) == 1'
# Mirror audit: every field is placed at the class's own level, none at its superclasses': a
# strong value a superclass declares is looked for among the wrong children, and never read.
mutant mirror-audit-levels-unsplit Internal/Checking/MirrorAudit.swift \
    'MirrorAuditTests|FirstFillCheckTests|ValidationTests' no \
    '            let inherited = superclass.map { ClassFields(of: $0).fields.count } ?? 0' \
    '            let inherited = 0'
# First fill: a forgotten dependency found on the first instance is not reported.
mutant first-fill-forgets-nothing Internal/Checking/FirstFillCheck.swift \
    'FirstFillCheckTests|BadInputCatalogueTests' no \
    'let found = forgottenProperties(of: object, subject).map { field in' \
    'let found = forgottenProperties(of: object, subject).prefix(0).map { field in'
# First fill: a type found wrong passes on every later fill.
mutant first-fill-verdict-not-kept Internal/Checking/FirstFillCheck.swift \
    'FirstFillCheckTests' no \
    'verdict.store((found.isEmpty ? Verdict.passed : .failed).rawValue, ordering: .releasing)' \
    'verdict.store(Verdict.passed.rawValue, ordering: .releasing)'
# Injection hook: each plan finds out for itself whether its class has a hook.
mutant hook-not-shared Internal/Injection/InjectionHook.swift \
    'InjectionHookTests' no \
    'shared.entry(for: ObjectIdentifier(type)) { InjectionHook(type) }' \
    'InjectionHook(type)'
# Weak scope: the producer keeps its instance alive.
mutant weak-keeps-strong-reference Internal/Scopes/WeakInstance.swift \
    'WeakScopeTests|LifetimeTests|WeakScopeProgramTests' no \
    'private weak var instance: AnyObject?' \
    'private var instance: AnyObject?'
# Weak scope: a live instance is not reused.
mutant weak-never-reused Internal/Scopes/WeakInstance.swift \
    'WeakScopeTests|ScopeTests|WeakScopeProgramTests' no \
    'guard let instance else { return nil }' \
    'guard let instance, instance === (self as AnyObject) else { return nil }'
# Error paths: an error thrown while filling a property does not name the property.
mutant error-path-not-prepended Internal/Compiling/InjectionStep.swift \
    'ErrorMessageTests|FaultTests|BadInputCatalogueTests' yes \
    'return resolutionError.prependingPath(component)' \
    'return resolutionError'
# Collections: a child container's collection drops its parent's contributions (as a program
# gathers them).
mutant child-collection-drops-parent Internal/Producers/CollectionProducer.swift \
    'MultibindingTests|ChildContainerTests|ChildCollectionTests' no \
    'var values: [Element] = first == 1 ? arguments.lent([Element].self, 0) : []' \
    'var values: [Element] = []'
# Optionals: a `Wrapped?` is nil even when the container can provide `Wrapped` (as programs make it:
# the recursive path's `produce` no longer runs in these tests).
mutant optional-always-nil Internal/Producers/OptionalProducer.swift \
    'OptionalDependencyTests|TypedFactoryTests' no \
    'Wrapped?.some(arguments.take(Wrapped.self, 0))' \
    'Wrapped?.none'
# Creation locks: a wait that closes a cycle of threads is not refused, so both threads wait.
mutant creation-lock-deadlock-undetected Internal/Locks/CreationLock.swift \
    'DeadlockTests|CreationLockTests|BadInputCatalogueTests' no \
    'if next.owner == me { return next }' \
    'if next.owner == me, next.owner != me { return next }'
# Offered instances: a child container's slot does not fall back to its parent's offer.
mutant offered-slot-no-fallback Internal/Producers/OfferedProducer.swift \
    'OfferedInstanceTests' no \
    'if !offered, let inherited { return try inherited.current() }' \
    'if !offered, let inherited, inherited.key != key { return try inherited.current() }'
# Lock-free tables: a table doubled when half full loses the entries it held.
mutant atomic-table-doubling-drops-entries Internal/Memory/AtomicWordTable.swift \
    'PerTypeCacheTests|RootCacheTests' yes \
    'guard key != 0 else { continue }' \
    'guard key == 0 else { continue }'
# Binding keys: the hash keeps the identities' alignment zeros in the bits a table buckets by.
mutant binding-key-hash-unfolded Internal/AddressHash.swift \
    'BindingKeyTests' yes \
    'mixed ^= mixed >> (Word.bitWidth / 2 - 1)' \
    'mixed ^= 0'
# Resolve programs: a `.graph` object (or the box of one seen as a protocol) gets no shared slot, so
# it is made again where it is met, and a cycle back to a boxed one keeps the recursive path.
mutant program-graph-slot-not-shared Internal/Compiling/ProgramLowering+Walk.swift \
    'ResolveProgramTests|ScopeTests' yes \
    'if shared { recordGraphSlot(delivered, of: id) } else { onPath[id] = recordings }' \
    'onPath[id] = recordings'
# Resolve programs: every store moves its value out of the frame, not only the slot's last read.
mutant program-every-store-moves Internal/Compiling/ProgramLowering+Emitting.swift \
    'ResolveProgramTests|ScopeTests' no \
    'if owned[value], !lastReads[value].read {' \
    'if owned[value] {'
# Resolve programs: references a slot still holds after its last read are never released (a leak).
mutant program-frame-never-released Internal/Compiling/ProgramLowering+Emitting.swift \
    'ResolveProgramTests' no \
    'emit(.init(operation: .release, object: UInt32(slot)), path: -1)' \
    '_ = slot'
# Resolve programs: a failed run keeps what its frame made (a leak).
mutant program-failure-keeps-objects Internal/Engine/ResolveProgram+Steps.swift \
    'ResolveProgramTests' yes \
    'for slot in (injects ? 1 : 0)..<slotCount { frame.release(slot) }' \
    'for slot in (injects ? 1 : 0)..<slotCount { _ = frame.isEmpty(slot) }'
# Resolve programs: a resolve nested in a program run does not see what the run is building, so an
# `init()` resolving its own class recurses until the stack overflows.
mutant program-run-invisible-to-nested-resolves Internal/Engine/ActiveResolutions.swift \
    'ResolveProgramTests|BadInputCatalogueTests|ReentryTests|NestedTopLevelResolveTests' no \
    'outerRun.isBuilding(producer)' \
    'false'
# Resolve programs: a factory argument marked as moved is only lent, so its reference leaks.
mutant program-moved-argument-lent Internal/Memory/FactoryArguments.swift \
    'ResolveProgramTests' no \
    'let reference = unsafe moved ? unmanaged.takeRetainedValue() : unmanaged.takeUnretainedValue()' \
    'let reference = unmanaged.takeUnretainedValue()'
# Resolve programs: every read of a slot in a factory call moves it, not only the last one, so the
# frame hands over references it does not own (a double release).
mutant program-every-argument-moves Internal/Compiling/ProgramLowering+Emitting.swift \
    'ResolveProgramTests' no \
    'if consumes, owned[value], !lastReads[value].read {' \
    'if consumes, owned[value] {'
# Resolve programs: an offered object read for an `.optional` property is not marked to skip the
# property's store when the object is gone, so the program fails the resolve where the recursive
# path leaves the property as it is.
mutant program-offered-below-optional Internal/Compiling/ProgramLowering+Walk.swift \
    'ResolveProgramTests|OfferedInstanceTests|OptionalAbsenceProgramTests' no \
    'var place = factory.mayBeUnavailable ? optionalPlace(of: destination) : .none' \
    'var place = ProgramLowering.OptionalPlace.none'
# Re-entry: a fresh resolve started inside a factory does not see that an enclosing resolve on the
# thread is running it, and starts it again until the stack runs out.
mutant factory-running-outside-unseen Internal/ClosureCalls/Resolution.swift \
    'ResolveProgramTests|ReentryTests|ProviderLazyTests' no \
    'pointee.outer != nil && ActiveResolutions.isConstructing(producer, outside: self)' \
    'false'
# Resolve programs: a typed factory whose product must be converted to the bound type (a class
# bound as a protocol) writes its product into the slot unconverted.
mutant program-factory-product-unconverted Internal/Compiling/ProgramLowering+Emitting.swift \
    'TypedFactoryTests|ResolveProgramTests' no \
    'let writesProductIntoSlot = (factory as? SpecializedProgramFactory)?.writesProductIntoSlot ?? false' \
    'let writesProductIntoSlot = factory is SpecializedProgramFactory'
# Identity tables: a removal leaves the entries after it where they are, so a later lookup stops
# at the hole and misses them (a compile would then, for example, lower an object twice).
mutant identity-table-removal-leaves-a-hole Internal/Compiling/IdentityTable.swift \
    'IdentityTableTests' no \
    'if !stays {' \
    'if false, !stays {'
# Weak regions: a skipped region keeps the reference of a slot it would have moved (a leak).
mutant weak-region-skip-keeps-moved-slot Internal/Engine/ResolveProgram+Steps.swift \
    'WeakScopeProgramTests' no \
    'for entry in region.releasedWhenSkipped {' \
    'for entry in region.releasedWhenSkipped where false {'
# Weak regions: the hook of the object a scope kept runs again on every resolve that skips it.
mutant kept-weak-object-hook-called-again Internal/Engine/ProgramRun.swift \
    'WeakScopeProgramTests' no \
    'scoped?.pointee.skippedRegions.contains(index) ?? false' \
    'index < 0'
# Weak regions: a failure inside a region leaves its creation lock held, so other threads wait
# forever.
mutant failed-region-keeps-creation-lock Internal/Engine/ResolveProgram+Steps.swift \
    'WeakScopeProgramTests' no \
    'region.scope?.withObject { $0.abandon() }' \
    '_ = region'
# Regions: a `.graph` object made inside a region and met again after it is made again even when
# the region ran, so the two objects that need it get two (and its hook runs twice).
mutant remade-object-made-although-its-region-ran Internal/Engine/ResolveProgram+Steps.swift \
    'RemadeAfterSkippedRegionTests' no \
    'return frame.isEmpty(slot) ? nil : skip(region, at: Int(instruction.operand), frame, scoped)' \
    'return nil'
# Joined programs: a `.graph` object the program makes after its first closure call is not
# recorded in the joined resolution when created, so a closure called while it is filled makes
# another.
mutant joined-object-not-recorded-at-creation Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureFactoryProgramTests' no \
    'emit(.init(operation: .leaveScope, object: UInt32(object), operand: Int32(index)), path: path)' \
    '_ = (object, index)'
# Joined programs: a `.graph` object a closure already made is made again by the program after it.
mutant joined-object-made-again-by-the-program Internal/Engine/ResolveProgram+Steps.swift \
    'ClosureFactoryProgramTests' yes \
    '                frame.own(made, at: slot)
                return skip(region, at: Int(instruction.operand), frame, scoped)' \
    '                _ = made
                return nil'
# Programs: a property back to a shared factory still waiting for its arguments is never written
# (the recursive path writes it once the factory returns).
mutant program-waiting-store-never-written Internal/Compiling/ProgramLowering+Products.swift \
    'ConstructorCycleTests' no \
    '                emitStore(fill.store, into: fill.owner, .slot(slot), path: fill.path)
                continue' \
    '                continue'
# Regions: a run that skips a region notes only that one as skipped, not those inside it, so the
# hook of an object a region inside it would have made runs on the object made again in its place.
mutant skipped-region-leaves-inner-ones-unnoted Internal/Compiling/ProgramLowering+Regions.swift \
    'RemadeAfterSkippedRegionTests' no \
    'regions[parent].lastInside = Swift.max(regions[parent].lastInside, regions[index].lastInside)' \
    '_ = parent'
# Weak regions: a program with regions runs the copy of the loop that never skips one, so a kept
# object is made again (and a program's joined resolution is never ended).
mutant regions-run-by-the-loop-without-them Internal/Engine/ResolveProgram+Run.swift \
    'WeakScopeProgramTests' no \
    'if runsPlainly { return try execute(frame, run, NoRegions.self) }' \
    'if true { return try execute(frame, run, NoRegions.self) }'
# Singleton regions: a singleton that reads an object made before it in the resolve is published
# (its hooks run) as soon as its region ends, where the recursive path defers its publication.
mutant singleton-region-reads-earlier-objects Internal/Compiling/ProgramLowering+Regions.swift \
    'SingletonProgramTests|SingletonPublicationTests' no \
    'if readsObjectMadeBefore(region, slot: slot) {' \
    'if false, readsObjectMadeBefore(region, slot: slot) {'
# Singleton regions: the hooks of a singleton's region run at the end of the resolve, after it was
# published, so a failing hook leaves it published.
mutant singleton-hooks-run-after-publication Internal/Compiling/ProgramLowering+Emitting.swift \
    'SingletonProgramTests|InjectionHookTests' no \
    'if regions[region].publishes { completeBeforePublishing(region, slot: slot) }' \
    'if false { completeBeforePublishing(region, slot: slot) }'
# Singleton regions: a program never publishes the singleton it made, so each resolve makes another.
mutant program-singleton-never-published Internal/Producers/SingletonProducer.swift \
    'SingletonProgramTests|ScopeTests' no \
    'pendingInstance = recordedValue(made)' \
    '_ = made'
# Regions: an object made inside a region and needed after it keeps the root on the recursive
# path, rather than being made again where it is met when the region was skipped.
mutant region-object-met-again-keeps-recursive-path Internal/Compiling/ProgramLowering+Walk.swift \
    'RemadeAfterSkippedRegionTests|SingletonProgramTests' no \
    'return try beginShared(producer, of: id, into: slot, path: path, destination: destination)' \
    'if slot >= 0 { throw .unsupported }'
# Custom-scope regions: a run does not keep the generation it pinned, so what it makes after a
# reset in its middle is kept for the new generation (a graph torn across the reset).
mutant program-scope-pin-ignored Internal/Engine/ScopePins.swift \
    'CustomScopeProgramTests' no \
    'if found == nil, pinned === storage { found = generation }' \
    'if found == nil, pinned === storage, false { found = generation }'
# A run's pins: a second scope's pin takes the first one's place, and the first scope is pinned
# again after a reset.
mutant scope-pins-overwrite-the-first Internal/Engine/ScopePins.swift \
    'CustomScopeProgramTests' no \
    'if pins.0 == nil {' \
    'if true {'
# Custom-scope regions: an instance a program made is kept for the current generation, not the
# one its resolve pinned.
mutant resettable-region-keeps-for-current-generation Internal/Producers/ResettableProducer.swift \
    'CustomScopeProgramTests' no \
    'pending = (recordedValue(made), generation)' \
    'pending = (recordedValue(made), storage.currentGeneration)'
# Request scope: a closure factory of a `.weak` object reads the request, and the object is handed
# to later requests. (Its read now runs in a nested program, whose `RequestRead` tests the joined
# resolution; the recursive path's test no longer runs in any test. The program's own test,
# `publishingRegions > 0`, is not a mutant: the build refuses every kept object whose graph a
# program can read the request through, so no test can reach it.)
mutant request-read-while-creating-kept-object Internal/Producers/RequestValueProducer.swift \
    'RequestScopeTests' no \
    'if run.pointee.publishingRegions > 0 || run.pointee.joinedMakesKeptObject {' \
    'if run.pointee.publishingRegions > 0 {'
# Deferred publication: a region that read an object made before it publishes at its own
# `leaveScope`, so a failure later in the resolve leaves a singleton built on a failed graph.
mutant deferring-region-publishes-at-leave Internal/Engine/ResolveProgram+Steps.swift \
    'SingletonProgramTests' no \
    'if region.defers {' \
    'if region.defers, false {'
# Deferred publication: a failure leaves what the run staged unpublished but locked.
mutant failure-keeps-staged-objects-locked Internal/Engine/ResolveProgram+Run.swift \
    'SingletonProgramTests' no \
    'for index in regions.indices.reversed() where scoped.pointee.staged.contains(index) {' \
    'for index in regions.indices.reversed() where false {'
# Deferred publication: a region deferred inside a singleton's region waits for the end of the
# resolve rather than for that singleton, which is then published holding an object discarded.
mutant deferred-region-waits-for-end Internal/Compiling/ProgramLowering+Regions.swift \
    'SingletonProgramTests' no \
    'if let enclosing = enclosingPublishingRegion(of: region) {' \
    'if let enclosing = enclosingPublishingRegion(of: region), false {'
# Scoped values that are not class references: a protocol bound with a scope of its own to an
# autowired class keeps the recursive path.
mutant scoped-protocol-keeps-recursive-path Internal/Producers/Recipe.swift \
    'ScopedValueProgramTests' no \
    'if let autowired, holdsReferences || boxing != nil {' \
    'if let autowired, holdsReferences {'
# Scoped values that are not class references: a `.weak` protocol value's region keeps the box
# the program made rather than the object, which no one else holds.
mutant weak-value-keeps-box Internal/Producers/WeakProducer.swift \
    'ScopedValueProgramTests' no \
    'kept.keep(boxedValue(object, as: T.self) as AnyObject)' \
    'kept.keep(object)'
# The object a `PropertyInjector` fills, met by a program that is not filling it: the program
# never looks for it in the resolution it runs in, where a closure's resolve inside the injection
# finds it.
mutant injected-object-read-ignores-resolution Internal/Producers/InjectedObjectProducer.swift \
    'InjectedObjectInItsOwnGraphTests' no \
    'if let joined = run.pointee.joined, case .instance(let recorded)' \
    'if false, let joined = run.pointee.joined, case .instance(let recorded)'
# An `.optional` property that reaches an offered object through an alias's conversion leaves
# its root to the recursive path again (no program, ever: the conversion is unproven when the
# root is first lowered).
mutant offered-read-not-converted-in-one-call Internal/Compiling/ProgramLowering+Absence.swift \
    'OfferedThroughAConversionTests' no \
    '        guard optionalPlace(of: destination) == .property, let read = offeredRead(of: argument) else { return nil }' \
    '        guard optionalPlace(of: destination) == .property, let read = offeredRead(of: argument), false else { return nil }'
# A graph past the size of one program keeps the recursive path again, rather than calling the
# nested programs of what is met past it.
mutant huge-graph-not-split Internal/Compiling/ProgramLowering+Walk.swift \
    'HugeGraphProgramTests' no \
    '        if code.count >= Self.maximumInstructions, lowering.makesInNestedRun {' \
    '        if code.count >= Self.maximumInstructions { throw .unsupported }
        if code.count >= Self.maximumInstructions, lowering.makesInNestedRun {'
# A converted argument in a slot past what an argument entry names sends the root to the recursive
# path again, rather than to its alias's own call.
mutant converted-argument-past-entry-unlowered Internal/Compiling/ProgramLowering+Emitting.swift \
    'HugeGraphProgramTests' no \
    '                    // Past what one entry names: the alias converts it in a call of its own.' \
    '                    throw .unsupported'
# An `.optional` property's Optional or collection of an offered object keeps the recursive path
# again, rather than being one call of its own nested program whose absence leaves the property.
mutant beside-through-wrapper-unlowered Internal/Compiling/ProgramLowering+Walk.swift \
    'OfferedBesideTests' no \
    '            mayBeAbsentNamingNoStep(parameters)' \
    '            mayBeAbsentNamingNoStep(parameters), false'
# An offered object reaching an `.optional` property through a factory's call keeps the recursive
# path again, rather than failing the resolve in the program as that path fails it.
mutant beside-through-factory-unlowered Internal/Compiling/ProgramLowering+Walk.swift \
    'OfferedBesideTests' no \
    '                guard namesAStepBelowTheInnermostFill() else { throw .unsupported }' \
    '                guard false else { throw .unsupported }'
# The offered read behind an alias of an alias is not fused with the conversion: the root keeps the
# recursive path.
mutant offered-read-not-followed-through-forward Internal/Compiling/ProgramLowering+Absence.swift \
    'OfferedBesideTests' no \
    '            case .forward(let target): producer = target
            case .factory(let read, let parameters, _) where read.mayBeUnavailable && parameters.isEmpty: return read' \
    '            case .forward: return nil
            case .factory(let read, let parameters, _) where read.mayBeUnavailable && parameters.isEmpty: return read'
# A resolve started inside another that meets, inside a region, what the outer one is building
# keeps the recursive path again, rather than failing in its program's variant.
mutant built-outside-in-region-unlowered Internal/Compiling/ProgramLowering+Walk.swift \
    'BuiltOutsideVariantTests' no \
    '        emitCall(BuiltOutside(producer, isFactory: isFactory), arguments: [], into: slot, path: path)' \
    '        guard openRegions == 0, enclosingRegions.isEmpty else { throw .unsupported }
        emitCall(BuiltOutside(producer, isFactory: isFactory), arguments: [], into: slot, path: path)'
# A resolve started inside another that meets a singleton or custom scope's object the outer one
# is creating keeps the recursive path again, rather than failing before the object's region.
mutant built-outside-kept-object-unlowered Internal/Compiling/ProgramLowering+Walk.swift \
    'BuiltOutsideVariantTests' no \
    '        case .scoped(let scope, _) where scope.publishes:' \
    '        case .scoped(let scope, _) where scope.publishes && false:'
# A resolve started inside another that meets a `.weak` typed factory's product the outer one is
# making keeps the recursive path again.
mutant built-outside-weak-product-unlowered Internal/Compiling/ProgramLowering+Walk.swift \
    'BuiltOutsideVariantTests' no \
    '        case .scoped(_, .factory(let factory, _, _)) where factory.conversion == nil:' \
    '        case .scoped(_, .factory(let factory, _, _)) where factory.conversion == nil && false:'
# A call of more than 64 arguments reads those past the 64 its masks describe as the masks say
# (boxed, never an object) rather than by their type.
mutant large-call-arguments-read-as-masked Internal/Memory/FactoryArguments.swift \
    'LargeTypedFactoryTests|LargeCollectionTests' no \
    '        guard index >= 64 else { return take(P.self, index) }' \
    '        return take(P.self, index)'
# Key path layout: any single four-byte component counts as a class's stored property, a struct's
# too.
mutant key-path-kind-unchecked Internal/Runtime/KeyPathLayout.swift \
    'KeyPathLayoutTests' no \
    '            guard header & 0x7F00_0000 == 3 << 24 else { return nil }' \
    ''
# Learned offsets: a plain stored property read from its key path is never stored at its offset.
mutant key-path-stored-property-not-learned Internal/Injection/PropertyWriter.swift \
    'KeyPathLayoutTests|ValuePropertyTests' no \
    '            case .storedClassProperty: true' \
    '            case .storedClassProperty: false'
# An injection that joins its closures' resolution from its start does not record the object
# handed in there: a closure that asks for the object's type makes another.
mutant injected-object-unrecorded-at-start Internal/Engine/ResolveProgram+Run.swift \
    'InjectedObjectInItsOwnGraphTests' no \
    '            for producer in injectedObjectProducers {' \
    '            for producer in injectedObjectProducers where false {'
# Custom scopes: a run that reaches more than four scopes forgets the generation it pinned in the
# fifth, and meets a later generation's object there after a reset.
mutant fifth-scope-pin-dropped Internal/Engine/ScopePins.swift \
    'CustomScopeProgramTests' no \
    '            more.append(pin)' \
    '            _ = pin'
# Scoped values that are not class references: a `.weak` protocol's typed factory whose product
# is no object is kept (in a box no one holds) instead of failing.
mutant weak-factory-product-not-checked Internal/Producers/WeakProducer.swift \
    'WeakProtocolProgramTests' no \
    'guard type(of: boxedValue(product, as: T.self) as Any) is AnyClass else { throw NotAnObject() }' \
    'guard true else { throw NotAnObject() }'
# Scoped values that are not class references: a `.weak` protocol's closure is left to the
# recursive path again.
mutant weak-value-closure-unlowered Internal/Producers/WeakProducer.swift \
    'WeakProtocolProgramTests' no \
    'if holdsReferences { return .scoped(kept, keptClosure(recipe)) }' \
    'if holdsReferences { return .scoped(kept, keptClosure(recipe)) } else { return .unsupported }'
# Main-actor classes in programs: a run off the main actor makes and fills a `@MainActor` object
# instead of refusing it.
mutant program-skips-main-actor-check Internal/Engine/ResolveProgram+Steps.swift \
    'MainActor' yes \
    'guard !MainActorThread().isCurrent else { return }' \
    'guard MainActorThread().isCurrent, false else { return }'
# Main-actor classes in programs: the lowering emits no check before making or filling such an
# object.
mutant program-omits-main-actor-check Internal/Compiling/ProgramLowering+Walk.swift \
    'MainActor' no \
    'guard let (type, _) = plan.mainActor else { return }' \
    'guard let (type, _) = plan.mainActor, false else { return }'
# Main-actor assisted factories: `to(assisted:)` of a `@MainActor` function calls it on whatever
# thread runs `make(_:)`.
mutant assisted-main-actor-check-skipped Internal/Runtime/MainActorFunction.swift \
    'MainActorAssistedFactoryTests|Swift5ModeTests' no \
    'return { (seed: Seed, parameter: repeat each Parameter) throws -> T in' \
    'return nonisolated; _ = { (seed: Seed, parameter: repeat each Parameter) throws -> T in'
# Kept resolvers: a resolver kept from an ended resolve joins a later resolve whose state reuses the
# same stack address, and shares its `.graph` objects.
mutant kept-resolver-joins-later-resolve Internal/Engine/ActiveResolutions.swift \
    'KeptResolverTests' no \
    'return state.pointee.serial == serial ? state : nil' \
    'return state'
# Protocol-typed properties: a program boxes each implementation through its alias's conversion
# and writes the box through the key path, rather than storing the converted object.
mutant protocol-property-boxed Internal/Compiling/ProgramLowering+Emitting.swift \
    'ProtocolPropertyTests' no \
    'return store.converting(conversion).map { .store(owner: owner, $0) }' \
    'return nil'
# Weak properties: a property whose word is not a weak reference to the value just written (an
# `unowned` one holds the object's address) is learned as `weak`, and later written as one.
mutant weak-field-any-word Internal/Runtime/WeakField.swift \
    'WeakPropertyTests' no \
    'weakBits != 0 && weakBits != address && stored == weakBits' \
    'weakBits != 0 && weakBits != address && stored | 1 != 0'
# Weak properties: bits equal to the object's address (an Objective-C object's weak reference, and
# what a strong or unowned(unsafe) slot holds for it on Darwin) pass for a weak slot.
mutant weak-field-address-bits Internal/Runtime/WeakField.swift \
    'WeakPropertyTests' no \
    'weakBits != 0 && weakBits != address && stored == weakBits' \
    'weakBits != 0 && stored == weakBits'
# Protocol-typed properties: a program stores an implementation through a conversion that never
# succeeded, so one that does not conform leaves the property empty instead of failing.
mutant protocol-property-unproven Internal/Injection/PropertyWriter.swift \
    'ProtocolPropertyTests' no \
    'guard offset > 0, conversion.isProven else { return nil }' \
    'guard offset > 0 else { return nil }'
# Program frames: a run does not hand the injected object to its frame, so an injection fails.
mutant frame-loses-injection-target Internal/Engine/ResolveProgram+Run.swift \
    'ResolveProgramTests' no \
    'if let target { frame.lend(target, at: 0) }' \
    ''
# Factory calls: a call reads its arguments as another call's (each operand kept as an index
# into the calls while the loop adds it as a byte offset).
mutant factory-call-operand-not-scaled Internal/Compiling/ProgramLowering.swift \
    'ResolveProgramTests|ConstructorInjectionTests' no \
    'code[site.instruction].operand *= Int32(MemoryLayout<ProgramCall>.stride)' \
    '_ = site'
# Protocol-typed parameters: a constructor's protocol parameter is boxed by its alias's
# conversion rather than converted as the specialized call reads it.
mutant protocol-parameter-boxed Internal/Compiling/ProgramLowering+Emitting.swift \
    'ProtocolPropertyTests' no \
    'guard conversion.isProven, case .call(let consumer, _, _, _, _) = stack[index].work,' \
    'guard conversion.isProven, false, case .call(let consumer, _, _, _, _) = stack[index].work,'
# Cycle check: the walk that names where an endless cycle is entered records no first hops,
# so the cycle is reported without the path that leads to it.
mutant cycle-walk-forgets-first-hops Internal/Compiling/PlanCompiler+Cycles.swift \
    'RandomizedGraphTests|CycleCheckTests' no \
    'mapped.recordsFirstHops = true' \
    'mapped.recordsFirstHops = false'
# Creation locks: every group is taken for a group of one, so singletons that need each other
# get locks of their own.
mutant creation-groups-split Internal/Compiling/PlanCompiler+CreationLocks.swift \
    'CreationLockGroupTests|DeadlockTests' no \
    'if stack.last === producer {' \
    'if true {'
# Creation locks: the groups are never looked for, as if no new producer could be in a cycle.
mutant creation-groups-skipped Internal/Compiling/PlanCompiler+CreationLocks.swift \
    'CreationLockGroupTests|DeadlockTests' no \
    'if producer.rootCheck?.isAcyclic != true { mayBeInACycle = true }' \
    'if producer.rootCheck?.isAcyclic != true { mayBeInACycle = false }'
# Creation locks: a compilation forgets the producers it registers, so the singletons it adds
# that need each other are never grouped.
mutant creation-groups-miss-registered Internal/Compiling/PlanCompiler.swift \
    'CreationLockGroupTests|DeadlockTests' no \
    'registered.append(producer)' \
    ''
# Lazy compiling: the proof takes a key nothing provides as clean, so a missing binding below a
# bound class no longer fails the build.
mutant proof-ignores-missing-keys Internal/Compiling/CleanGraphProof.swift \
    'LazyCompilationTests' yes \
    'case .absent where next.isOptional:' \
    'case .absent:'
# Lazy compiling: the proof walks on through a cycle, so a cycle of factories is left to a resolve.
mutant proof-walks-through-cycles Internal/Compiling/CleanGraphProof.swift \
    'LazyCompilationTests' no \
    'if path.contains(where: { $0.key == next.key }) { return false }' \
    'if path.contains(where: { $0.key == next.key }) { continue }'
# Lazy compiling: a key proven by a short walk is taken as clean however long the paths below it.
mutant proof-ignores-proven-heights Internal/Compiling/CleanGraphProof.swift \
    'LazyCompilationTests' no \
    'guard path.count + height <= Self.maximumDepth else { return false }' \
    ''
# Lazy compiling: a constructed type's initializer parameters are not followed, so one that nothing
# provides is left to a resolve.
mutant proof-skips-construction-parameters Internal/Compiling/CleanGraphProof.swift \
    'LazyCompilationTests' no \
    'parameters(of: type.construction.recipe)' \
    'Lookup.reaches([])'
# Lazy compiling: an implementation class that is not a subclass of its bound class is proven clean.
mutant proof-ignores-conformance Binding/BindingBuilder.swift \
    'LazyCompilationTests' no \
    'guard conforms else { return nil }' \
    ''
# Closure factories in programs: the joined resolution is not given the objects the program made
# before its first closure, so a closure makes a second one.
mutant joined-resolution-not-seeded Internal/Engine/ScopedRun.swift \
    'ClosureFactoryProgramTests' no \
    'state.pointee.record(seed, instance: arguments.recorded(index))' \
    '_ = (seed, arguments)'
# Closure factories in programs: a `.graph` object met after a closure is made by the program,
# not by the joined resolution that may have made it for the closure already.
mutant graph-after-closure-made-by-program Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureFactoryProgramTests' no \
    'if joinsResolution, lowering.isMadeOncePerResolve {' \
    'if false, lowering.isMadeOncePerResolve {'
# Closure factories in programs: each closure call starts a resolution of its own.
mutant joined-resolution-per-call Internal/Engine/ScopedRun.swift \
    'ClosureFactoryProgramTests' no \
    'if let joined { return joined }' \
    'if joined != nil { ownJoined?.abandon() }'
# Closure factories in programs: the hooks and singletons the joined resolution deferred to the
# end of the resolve are never run or published.
mutant joined-resolution-never-completed Internal/Memory/ResolutionSpace.swift \
    'ClosureFactoryProgramTests|NestedProgramTests' no \
    'if pointee.hasWorkDeferredToEnd() { try pointee.completeDeferred() }' \
    'pointee.discardDeferred()'
# Closure factories in programs: a failed run leaves its joined resolution, and what it holds, alive.
mutant joined-resolution-kept-after-failure Internal/Engine/ResolveProgram+Run.swift \
    'ClosureFactoryProgramTests' no \
    '            scoped.pointee.ownJoined?.abandon()
            throw error' \
    '            throw error'
# Closure factories in programs: a hook the joined resolution ran at the end fails, and the run's
# result is never released.
mutant joined-hook-failure-leaks-result Internal/Engine/ResolveProgram+Run.swift \
    'ClosureFactoryProgramTests|NestedProgramTests' no \
    '            made.release()
            throw error' \
    '            throw error'
# Programs for kept objects: the joined resolution a kept object's top-level resolve starts for a
# closure (or that a closure root's run starts) is not marked as making a kept object, so the
# closure's resolver and handles keep the container alive from a singleton.
mutant kept-root-joined-resolution-strong Internal/Memory/ResolutionSpace.swift \
    'KeptObjectProgramTests|ContainerLifetimeTests|HandleLifetimeTests|ClosureRootTests' no \
    '        if run.pointee.program.kind == .rootForKeptObject { resolution.pointee.keptCreations = 1 }' \
    ''
# A closure root's program: a root that only its closure's call makes gets none, so it is never
# resolved (every resolve fails with `internal-inconsistency`).
mutant closure-root-without-program Internal/Compiling/ProgramLowering.swift \
    'ClosureRootTests' yes \
    '        case .closureCall(let producer, _) where producer === root:' \
    '        case .closureCall(let producer, _) where producer !== root:'
# A transient factory waiting around two closure calls: the second marks it afresh from the
# program's recordings, leaving out what the first closure recorded, and a cycle that made progress
# is reported at the waiting factory instead of where it closes.
mutant waiting-transient-marked-afresh Internal/ClosureCalls/ClosureCall.swift \
    'TransientAroundClosureTests' no \
    '                let since = scoped.pointee.waitMark(waiting.slot) { max(0, recorded - waiting.progress) }' \
    '                let since = max(0, recorded - waiting.progress)'
# A resolve started from user code inside another one: its program does not run (the recursive
# path resolves it), or runs without checking what the resolves around it are building.
mutant nested-top-level-resolve-recursive Internal/Engine/ActiveResolutions.swift \
    'NestedTopLevelResolveTests' no \
    '            guard link(run, inside: innermost) else { return nil }' \
    '            return nil'
mutant nested-top-level-resolve-unchecked Internal/Engine/ActiveResolutions.swift \
    'NestedTopLevelResolveTests' no \
    '        guard !run.pointee.program.mayBuild(where: { isBuilt($0, from: enclosing) }) else { return false }' \
    ''
# An `.optional` property whose value may be absent: the program fails the resolve on an absent
# value instead of leaving the property as it was, or leaves it on any error of the call.
mutant optional-absence-fails-the-resolve Internal/Engine/ResolveProgram+Run.swift \
    'OptionalAbsenceProgramTests|ResolveProgramTests' no \
    'guard instruction.moves, isAbsence(error, skipping: pc + 1, of: instruction) else {' \
    'guard instruction.moves, !isAbsence(error, skipping: pc + 1, of: instruction) else {'
mutant optional-absence-absorbs-any-error Internal/Engine/ResolveProgram+Run.swift \
    'OptionalAbsenceProgramTests' no \
    'guard (error as? ResolutionError)?.isUnavailableInstance == true else { return false }' \
    '_ = error'
# An assisted factory's seed: not read by programs (every make takes the recursive path), or read
# from the run's request rather than its seed.
mutant assisted-seed-not-lowered Internal/Producers/SeedProducer.swift \
    'AssistedProgramTests' no \
    'override func lowering() -> Lowering { .factory(read, [], shared: false) }' \
    'override func lowering() -> Lowering { .unsupported }'
mutant assisted-seed-read-from-request Internal/Producers/SeedProducer.swift \
    'AssistedProgramTests|AssistedInjectionTests' no \
    'guard let seed = run.pointee.seed, seed.holds(Seed.self) else {' \
    'guard let seed = run.pointee.request, seed.holds(Seed.self) else {'
# A nested program whose root a closure of a running factory asked for: no waiting variant (the
# recursive path makes the root), a variant that never registers its property's wait (the property
# stays empty), or one that calls the running factory again where a constructor meets it (a second
# product instead of the cycle).
mutant waiting-variant-never-lowered Internal/Engine/ResolveProgram+Closures.swift \
    'WaitingVariantTests' no \
    '            of: program, for: self, ProgramVariant(waitsFor: program.factoriesRunning(in: resolution)))' \
    '            of: program, for: self, ProgramVariant())'
mutant waiting-fill-not-registered Internal/ClosureCalls/WaitForRunningFactory.swift \
    'WaitingVariantTests' no \
    '        joined.wait(for: requested, toFill: owner, with: store)' \
    '        _ = joined'
mutant waiting-variant-remakes-running-factory Internal/Compiling/ProgramLowering+Walk.swift \
    'WaitingVariantTests' no \
    '            case .closureCall: break' \
    '            case .closureCall, .factory(_, _, shared: true): break'
# A transient factory running around a nested program's waiting variant: refused even once the
# cycle made progress since it began.
mutant reentry-check-ignores-progress Internal/ClosureCalls/ReentryCheck.swift \
    'WaitingVariantTests' no \
    '!allowsProgress || since == joined.pointee.registrations' \
    '!allowsProgress || since >= 0'
# A top-level resolve (or injection) started inside another that builds what its program may build:
# the variant that fails where it would build it again is not run (the root fails as having no
# program), or it reports a factory met again as an object rebuilt.
mutant built-outside-variant-not-run Internal/Engine/ResolveProgram+Run.swift \
    'NestedTopLevelResolveTests|NestedResolveTests' no \
    'guard !outside.isEmpty,' \
    'guard outside.isEmpty,'
mutant built-outside-factory-reported-as-object Internal/Compiling/ProgramLowering+Walk.swift \
    'NestedTopLevelResolveTests' no \
    '        case .factory(let factory, _, _) where factory.conversion == nil:
            isFactory = true' \
    '        case .factory(let factory, _, _) where factory.conversion == nil:
            isFactory = false'
# A custom scope's object met after a closure: the run pins the scope apart from the resolution the
# closure ran in, or does not record there the object the scope keeps; after a reset inside the
# closure, the graph then holds instances of two generations, or two of one object.
mutant custom-scope-pinned-apart-from-joined Internal/Engine/ScopedRun.swift \
    'CustomScopeAfterClosureTests' no \
    'if let joined { return storage.pinnedGeneration(in: joined) }' \
    'if let joined { _ = joined }'
mutant custom-scope-kept-object-not-recorded Internal/Engine/ResolveProgram+Steps.swift \
    'CustomScopeAfterClosureTests' no \
    'producer.withObject { joined.pointee.record($0, instance: kept) }' \
    '_ = (producer, joined)'
# A closure after a `.weak` or custom scope's region that made a `.graph` object: refused again, the
# root keeps the recursive path.
mutant closure-after-lasting-region-refused Internal/Compiling/ProgramLowering+Walk.swift \
    'CustomScopeAfterClosureTests' no \
    'if !joinsResolution, madeInRegion.count > 0 { throw .joinsFromStart }' \
    'if !joinsResolution, madeInRegion.count > 0 { throw .unsupported }'
# Waiting properties: a property that meets a running constructor through an alias does not wait
# for it, so the root keeps the recursive path.
mutant waiting-through-aliases-refused Internal/Compiling/ProgramLowering+Waiting.swift \
    'CyclePerEntryTests' no \
    'guard maker !== requested, onPath[ObjectIdentifier(maker)] != nil,' \
    'guard maker !== requested, onPath[ObjectIdentifier(maker)] != nil, false,'
# Assisted factories: a target made again inside its own construction counts as built outside the
# resolve that makes it, so that resolve takes the recursive path.
mutant assisted-target-counted-as-built Internal/Compiling/ProgramLowering.swift \
    'AssistedProgramTests' no \
    '!Self.producer(UInt(bitPattern: top.producer)).key.isAssistedTarget' \
    'true'
# Waiting variants: a shared factory running around the nested resolve, met by a constructor, keeps
# the recursive path again instead of failing as a cycle in the program.
mutant running-shared-factory-unlowered Internal/Compiling/ProgramLowering+Walk.swift \
    'WaitingVariantTests' no \
    'case .factory(let factory, _, let shared) where factory.conversion == nil:' \
    'case .factory(let factory, _, let shared) where factory.conversion == nil && !shared:'
# Waiting variants: a shared factory running around the nested resolve may run again once the run
# recorded something, as a transient one may: made twice instead of failing as a cycle.
mutant running-shared-factory-runs-again Internal/Compiling/ProgramLowering+Walk.swift \
    'WaitingVariantTests' no \
    'ReentryCheck(producer, allowsProgress: !shared)' \
    'ReentryCheck(producer, allowsProgress: true)'
# Validation: the probes are released in a dictionary's order, in which the last one released can
# free a 5,000-deep chain in nested deinits on the test's 512 KiB thread.
mutant probes-released-in-any-order Internal/Checking/Validator.swift \
    'DeepGraphTests' no \
    'if let type = Self.injectableType(of: producer) { probes[ObjectIdentifier(type)] = nil }' \
    '_ = producer'
# Validation: what a root's resolve recorded is released by the resolve's table, in its order, in
# which a chain's head can go last and free the whole chain in nested deinits.
mutant surviving-objects-released-by-the-table Internal/Checking/Validator+Miswirings.swift \
    'DeepGraphTests' no \
    '                    held.append((positions[identity] ?? Int.max, object))' \
    '                    _ = positions'
# Waiting variants: an alias's conversion waiting for its implementation around a closure's call is
# marked running, as no factory of the user's is, so the closure's resolve that meets the alias
# keeps the recursive path.
mutant alias-conversion-marked-running Internal/Compiling/ProgramLowering+Products.swift \
    'WaitingVariantTests' no \
    'return factory.namesPath ? shared : nil' \
    'return shared'
# Cycles: a transient object met again before anything was recorded (inside a constructor whose
# product a property waits for) stops the lowering again, so its root keeps the recursive path.
mutant transient-object-met-again-refused Internal/Compiling/Lowering.swift \
    'ConstructorCycleTests' no \
    'case .autowired(_, _, _, let shared): !shared' \
    'case .autowired(_, _, _, let shared): !shared && recordedSince'
# Filled constructions: a `ConstructorInjectable` class that is also `Injectable` has no program
# form again, so no root that reaches it can be lowered.
mutant filled-construction-unlowered Internal/Producers/ConstructorFactory.swift \
    'FilledConstructionProgramTests' no \
    'holder.program = (FilledConstruction(construction, filling: X.self, by: plan, boxedBy: boxing), parameters)' \
    'holder.program = nil'
# Filled constructions: the filled product is delivered as an object's, never recorded nor written
# into the properties that waited for it, so a second reader makes another.
mutant filled-construction-left-incomplete Internal/Compiling/ProgramLowering.swift \
    'FilledConstructionProgramTests' no \
    'if let construction = top.construction {' \
    'if let construction = top.construction, false {'
# Waiting properties: a property that waited for a factory is written into its object even when the
# run skipped the region that made it (the scope kept one), writing into an empty slot.
mutant waiting-store-into-skipped-owner Internal/Engine/WaitedStore.swift \
    'WeakScopeProgramTests' no \
    'if let region, run.pointee.skipped(region: region) { return product }' \
    'if let region, run.pointee.skipped(region: region) { _ = product }'
# Closures after many objects: a program that made more `.graph` objects than a call's arguments
# hold before its first closure leaves the root to the recursive path.
mutant many-seeds-unlowered Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureFactoryProgramTests' no \
    'guard graphSlots.count <= 64 else { throw .joinsFromStart }' \
    'guard graphSlots.count <= 64 else { throw .unsupported }'
# Closures in a custom scope: the closure of a custom-scoped binding has no program form, so every
# root that reaches it keeps the recursive path.
mutant custom-scope-closure-unlowered Internal/Producers/ResettableProducer.swift \
    'CustomScopeProgramTests' no \
    '            made = keptClosure(recipe)' \
    '            return .unsupported'
# Closures inside a kept object's region: the singleton or `.weak` object a joined program creates is
# not looked up and recorded in the joined resolution, so a closure called while it is filled
# meets it as a cycle, or makes a second one.
mutant kept-object-not-shared-with-joined Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureInsideRegionTests' no \
    '        case .scoped(_, .autowired) where joinsResolution && !destination.endsShared:' \
    '        case .scoped(_, .autowired(_, _, .some, _)) where joinsResolution && !destination.endsShared:'
# Closures inside a protocol's box of an object: the region of a kept one is not looked up and
# recorded in the joined resolution, so a closure called while it is filled makes a second one.
mutant boxed-kept-object-not-shared-with-joined Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureInsideRegionTests' no \
    '        case .scoped(_, .autowired) where joinsResolution && !destination.endsShared:' \
    '        case .scoped(_, .autowired(_, _, .none, _)) where joinsResolution && !destination.endsShared:'
# Closures inside a protocol's box of an object: what a region finds recorded in the joined
# resolution (the object itself, as recorded for a cycle back to it) is held unboxed.
mutant found-object-not-boxed Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureInsideRegionTests' no \
    'region.boxing = boxing.map(Unowned.init)' \
    'region.boxing = nil'
# Closures below typed factories: a `.graph` factory waiting around a closure call is not marked
# under construction in the joined resolution, so a closure that needs it makes a second one.
mutant waiting-factories-not-marked Internal/ClosureCalls/ClosureCall.swift \
    'ClosureCallPlacementTests' no \
    'for factory in waitingFactories { _ = state.pointee.beginConstruction(factory) }' \
    'for factory in waitingFactories where false { _ = state.pointee.beginConstruction(factory) }'
# Closures below typed factories: the factory's product is never recorded in the joined resolution,
# so closures after it meet it still under construction, and fills waiting for it stay empty.
mutant joined-publication-skipped Internal/ClosureCalls/JoinedPublication.swift \
    'ClosureCallPlacementTests' no \
    'joined.pointee.record(producer, instance: made)
            try joined.fillWaiting(for: producer, with: made)' \
    '_ = joined'
# Closures below transient objects: a program's joined resolution counts the program enclosing
# it as another resolve, so a closure that resolves the transient type the program is filling
# fails with `rebuilt-while-building`.
mutant joined-resolution-sees-its-program-as-outside Internal/Memory/ResolutionSpace.swift \
    'ClosureCallPlacementTests|RandomizedGraphTests' no \
    'resolution.pointee.outer = run.pointee.outer' \
    'resolution.pointee.outer = run'
# Closures below transient factories: a transient factory waiting for its arguments is not marked
# under construction during the call, so a closure that asks for it again recurses until the
# stack runs out rather than meeting the cycle.
mutant waiting-transient-factories-not-marked Internal/ClosureCalls/ClosureCall.swift \
    'ClosureCallPlacementTests' no \
    'if !waitingTransientFactories.isEmpty {' \
    'if false {'
# Closure factories in programs: a protocol with a scope of its own, made by the joined resolution,
# is handed to the program as the object it recorded early rather than boxed as the protocol.
mutant early-record-taken-as-the-box Internal/Producers/Producer.swift \
    'ClosureCallPlacementTests' no \
    'if !holdsReferences, scope == .graph, !registersEarly, case .instance(let recorded) = resolution.lookup(self) {' \
    'if !holdsReferences, scope == .graph, case .instance(let recorded) = resolution.lookup(self) {'
# Transient closure factories: never called from a program, so no graph that reaches one is lowered.
mutant transient-closures-not-in-programs Internal/Producers/Recipe.swift \
    'ClosureCallPlacementTests|ResolveProgramTests' no \
    'if isClosure, let producer { return .closureCall(producer, shared: shared) }' \
    'if isClosure, let producer, false { return .closureCall(producer, shared: shared) }'
# Closures after a region: called from the program, not given what the region made.
mutant closure-after-region-not-refused Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureCallPlacementTests' no \
    'if !joinsResolution, madeInRegion.count > 0 { throw .joinsFromStart }' \
    ''
# Closures after a singleton's region: the first resolve, in which the region runs, keeps the
# recursive path until the singleton exists.
mutant closure-after-singleton-region-not-yet Internal/Compiling/ProgramLowering+Walk.swift \
    'ClosureCallPlacementTests' no \
    'if !joinsResolution, madeInRegion.count > 0 { throw .joinsFromStart }' \
    'if !joinsResolution, madeInRegion.count > 0 { throw .notYet }'
# Transient objects and factories met again through a `.graph` object: refused, so their graphs
# keep the recursive path.
mutant transient-met-again-refused Internal/Compiling/ProgramLowering+Walk.swift \
    'ResolveProgramTests' no \
    'guard lowering.isMadeAnew(recordedSince: recordings > began) else {' \
    'guard false else {'
# Cycle check: a root is taken as acyclic without looking at where its edges lead.
mutant cycle-check-trusts-unchecked-edges Internal/Compiling/PlanCompiler+Cycles.swift \
    'CycleCheckTests|CycleTests' no \
    'guard let check = edge.target.rootCheck, check.isAcyclic else { return nil }' \
    'guard let check = edge.target.rootCheck ?? RootCheck(slotCapacity: 1, isAcyclic: true) as RootCheck? else { return nil }'
# Child views: a parent's non-kept binding always used as the parent compiled it, never
# evaluated in the child's view.
mutant child-view-never-evaluated-in-child Internal/Compiling/PlanCompiler+ChildViews.swift \
    'ChildViewTests' no \
    'guard let owner = parent.nearestRegistry(binding: key) else { return inherited }' \
    'guard let owner = parent.nearestRegistry(binding: key), false else { return inherited }'
# Kept instances: a parent's singleton binding compiled again in the child.
mutant kept-instance-compiled-in-child Internal/Compiling/PlanCompiler+ChildViews.swift \
    'ChildViewTests|ChildContainerTests' no \
    'if inherited.keepsInstances { return inherited }' \
    ''
# Reach: what a plan found absent is not part of it, so a child shares a plan that left an
# optional dependency nil although the child binds it.
mutant absent-keys-outside-reach Internal/Registry+Sharing.swift \
    'ChildViewTests' no \
    'keys.formUnion(producer.compiledAbsentKeys)' \
    ''
# Reach: a closure factory taken as reaching nothing, so a child shares it and its resolves go to
# the parent.
mutant closure-reach-taken-as-seen Internal/Registry+Sharing.swift \
    'ChildViewTests' no \
    'if case .closure = producer.origin { unseen = true }' \
    ''
# Overrides: a child's override that a parent's kept instance reaches builds silently.
mutant override-not-reaching-unreported Internal/Registry+Eager.swift \
    'ChildViewTests|BadInputCatalogueTests' no \
    'if problems.isEmpty { problems = overridesNotReachingKeptInstances() }' \
    ''
# Custom-scope pins: a program run's joined resolution (its closure factories) pins the scope's
# generation for itself, so a reset between the program's read and a closure's resolve tears the graph.
mutant joined-resolution-pins-its-own-generation Internal/Engine/ScopedRun.swift \
    'CustomScopeTests' no \
    'pins.visitEach { storage, generation in storage.pin(generation, in: started) }' \
    ''
# Kept contributions: a child that adds to a collection makes its own instance of an ancestor's
# singleton contribution.
mutant kept-contribution-compiled-in-child Internal/Compiling/PlanCompiler+ChildViews.swift \
    'ChildViewTests|RandomizedGraphTests' no \
    'guard declaration.explicitScope?.keepsInstances == true,' \
    'guard declaration.explicitScope?.keepsInstances == true, false,'
# Overrides: only a child's overrides are checked against its ancestors' kept instances, not its
# plain bindings and contributions.
mutant child-binding-not-reaching-unreported Internal/Registry+Overrides.swift \
    'ChildViewTests|RandomizedGraphTests' no \
    'for declaration in declarations where declared[declaration.providedKey] == nil {' \
    'for declaration in declarations where declaration.isOverride && declared[declaration.providedKey] == nil {'
# Overrides: a key a kept instance found absent is not part of what it reaches.
mutant absent-key-not-reaching-unreported Internal/Registry+Overrides.swift \
    'ChildViewTests|RandomizedGraphTests' no \
    'for absent in producer.compiledAbsentKeys where targets[absent] != nil && reported.insert(absent).inserted {' \
    'for absent in producer.compiledAbsentKeys where false && targets[absent] != nil {'
# Overrides: an ancestor's contribution in a kept scope is not checked.
mutant kept-contribution-not-reaching-unreported Internal/Registry+Overrides.swift \
    'ChildViewTests|RandomizedGraphTests' no \
    'guard declaration.explicitScope?.keepsInstances == true,' \
    'guard declaration.explicitScope?.keepsInstances == true, false,'
# Validate: a dependency's forgotten-dependency error, which stopped a probe's fill, is taken as
# the probe's own, and the probe's unset properties are blamed on their setters.
mutant validate-cascades-unset-after-injection Internal/Checking/Validator.swift \
    'FirstFillCheckTests' no \
    '$0.code == .forgottenDependency && $0.path.count == 1' \
    '$0.code == .forgottenDependency'
# Request data: a kept object reaching the request of a RequestScope is not refused.
mutant kept-object-may-keep-the-request Internal/Compiling/PlanCompiler+RequestReach.swift \
    'RequestScopeTests' no \
    'guard registry.settings.bindsRequest else { return }' \
    'guard registry.settings.bindsRequest, false else { return }'
# Request data: a handle whose target needs the request is not refused at the first resolve.
mutant handle-may-reach-the-request Internal/Compiling/PlanCompiler+RequestReach.swift \
    'RequestScopeTests|RequestScopeValidationTests' no \
    '} else if let handle, reported.insert(ObjectIdentifier(handle.producer)).inserted {' \
    '} else if false, let handle, reported.insert(ObjectIdentifier(handle.producer)).inserted {'
# Request validation: a closure factory's read of the absent request is reported as an error.
mutant validate-reports-the-absent-request Internal/Checking/Validator.swift \
    'RequestScopeValidationTests' no \
    'guard let request = registry.settings.request else { return diagnostics }' \
    'guard let request = registry.settings.request, false else { return diagnostics }'
# Isolated copies: an override is added beside what it overrides instead of replacing it.
mutant isolated-copy-keeps-overridden-bindings Internal/Registry+Isolation.swift \
    'IsolatedCopyTests|ParallelTestIsolationTests' no \
    'removeAll { $0.providedKey == declaration.providedKey }' \
    'removeAll { _ in false }'
# Configurable modules: an equal module value is included again.
mutant equal-module-value-included-again Binding/Binder.swift \
    'ConfigurableModuleTests' no \
    'guard settings.includedModuleValues.insert(AnyHashable(identity)).inserted else { return }' \
    '_ = identity'

# Arguments.
only=()
mode=full
list=no
check=no
for argument in "$@"; do
    case "$argument" in
        --fast) mode=fast ;;
        --list) list=yes ;;
        --check) check=yes ;;
        -h | --help)
            sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        -*)
            echo "unknown option $argument" >&2
            exit 2
            ;;
        *) only+=("$argument") ;;
    esac
done

selected=()
for index in "${!names[@]}"; do
    if [[ ${#only[@]} -gt 0 ]]; then
        for name in "${only[@]}"; do [[ "$name" == "${names[$index]}" ]] && selected+=("$index"); done
    elif [[ "$mode" != fast || "${fast[$index]}" == yes ]]; then
        selected+=("$index")
    fi
done
if [[ ${#only[@]} -gt 0 && ${#selected[@]} -ne ${#only[@]} ]]; then
    echo "unknown mutant among: ${only[*]} (see --list)" >&2
    exit 2
fi

if [[ "$check" == yes ]]; then
    stale=0
    for index in "${selected[@]}"; do
        count="$(python3 -c 'import sys; print(open(sys.argv[1], encoding="utf-8").read().count(sys.argv[2]))' \
            "Sources/Autowire/${files[$index]}" "${olds[$index]}")"
        if [[ "$count" != 1 ]]; then
            echo "mutant ${names[$index]}: its text occurs $count times in ${files[$index]}, not once" >&2
            stale=$((stale + 1))
        fi
    done
    echo "${#selected[@]} mutants checked, $stale that no longer apply"
    [[ "$stale" -eq 0 ]]
    exit
fi

if [[ "$list" == yes ]]; then
    printf '%-34s %-4s %-46s %s\n' mutant fast file tests
    for index in "${selected[@]}"; do
        printf '%-34s %-4s %-46s %s\n' "${names[$index]}" "${fast[$index]}" "${files[$index]}" "${filters[$index]}"
    done
    exit 0
fi

# Each test run's time limit: long enough for the slowest filter, short enough for a hang to end.
# The fast run is time-boxed as a whole too (AUTOWIRE_MUTANTS_TIME_BOX seconds, copy and build
# included): mutants not started within it are reported as not run, which fails the run.
if [[ "$mode" == fast ]]; then
    limit=120
    time_box="${AUTOWIRE_MUTANTS_TIME_BOX:-600}"
else
    limit=600
    time_box="${AUTOWIRE_MUTANTS_TIME_BOX:-0}"
fi

# Copies the package (Package.swift, README.md, Sources, Tests, Documentation.docc: the tests read the
# docs) into the scratch package, only the files that differ
# (copying unchanged files would make the build see them as new), and removes files gone since.
sync_package() {
    python3 - "$root" "$package" <<'PY'
import filecmp, os, shutil, sys
root, package = sys.argv[1:]
tops = ("Sources", "Tests", "Documentation.docc")
wanted = {"Package.swift", "README.md"}
for top in tops:
    for folder, _, names in os.walk(os.path.join(root, top)):
        for name in names:
            wanted.add(os.path.relpath(os.path.join(folder, name), root))
for relative in sorted(wanted):
    source, target = os.path.join(root, relative), os.path.join(package, relative)
    if not os.path.exists(target) or not filecmp.cmp(source, target, shallow=False):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(source, target)
for top in tops:
    for folder, _, names in os.walk(os.path.join(package, top)):
        for name in names:
            if os.path.relpath(os.path.join(folder, name), package) not in wanted:
                os.remove(os.path.join(folder, name))
PY
}

# Replaces the one occurrence of $2 in file $1 with $3; fails if it occurs any other number of times.
apply_mutation() {
    python3 - "$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1:]
with open(path, encoding="utf-8") as file:
    text = file.read()
count = text.count(old)
if count != 1:
    print(f"the text to replace occurs {count} times in {path}, not once", file=sys.stderr)
    sys.exit(3)
with open(path, "w", encoding="utf-8") as file:
    file.write(text.replace(old, new))
PY
}

log="$work/logs"
mkdir -p "$package" "$log"
swift_flags=(--package-path "$package" --scratch-path "$scratch")

build() { swift build --build-tests "${swift_flags[@]}" >"$1" 2>&1; }

# Runs the filter with the time limit; prints nothing, returns swift test's status (124: timed out).
run_tests() {
    local status=0
    timeout --kill-after=10 "$limit" swift test --skip-build "${swift_flags[@]}" --filter "$1" >"$2" 2>&1 || status=$?
    return "$status"
}

# How many Swift Testing tests the run in log $1 ran: a filter that matches none proves nothing.
tests_run() { sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$1" | tail -1; }

started=$SECONDS
echo "== Copying the package to $package and building it (scratch path $scratch)"
sync_package
if ! build "$log/baseline-build.txt"; then
    tail -20 "$log/baseline-build.txt"
    echo "the unmutated package does not build" >&2
    exit 2
fi
union="$(for index in "${selected[@]}"; do echo "${filters[$index]}" | tr '|' '\n'; done | sort -u | paste -sd '|')"
echo "== The unmutated tests of every filter must pass: $union"
if ! run_tests "$union" "$log/baseline-tests.txt"; then
    grep -E '✘|error:' "$log/baseline-tests.txt" | head -20
    echo "the unmutated tests fail: no mutant can be judged (log: $log/baseline-tests.txt)" >&2
    exit 2
fi
echo "   ($((SECONDS - started)) s, $(tests_run "$log/baseline-tests.txt") tests)"

killed=0
survived=0
errors=0
rows=()
for index in "${selected[@]}"; do
    name="${names[$index]}"
    file="Sources/Autowire/${files[$index]}"
    mutant_started=$SECONDS
    if [[ $time_box -gt 0 && $((SECONDS - started)) -ge $time_box ]]; then
        errors=$((errors + 1))
        rows+=("$(printf '%-34s %-14s %5s  %s' "$name" "not run" 0 "${filters[$index]}")")
        continue
    fi
    echo "== $name: ${files[$index]}"
    # Restores what the previous mutant changed (and anything edited since the copy was made).
    sync_package
    if ! apply_mutation "$package/$file" "${olds[$index]}" "${news[$index]}"; then
        result="not applied"
        errors=$((errors + 1))
    elif ! build "$log/$name-build.txt"; then
        result="build failed"
        errors=$((errors + 1))
    else
        status=0
        run_tests "${filters[$index]}" "$log/$name-tests.txt" || status=$?
        count="$(tests_run "$log/$name-tests.txt")"
        if [[ $status -eq 0 && "${count:-0}" == 0 ]]; then
            result="no tests ran"
            errors=$((errors + 1))
        elif [[ $status -eq 0 ]]; then
            result="SURVIVED"
            survived=$((survived + 1))
        elif [[ $status -eq 124 || $status -eq 137 ]]; then
            result="killed (hung)"
            killed=$((killed + 1))
        else
            result="killed"
            killed=$((killed + 1))
        fi
    fi
    seconds=$((SECONDS - mutant_started))
    echo "   $result ($seconds s)"
    rows+=("$(printf '%-34s %-14s %5s  %s' "$name" "$result" "$seconds" "${filters[$index]}")")
done
sync_package

echo
printf '%-34s %-14s %5s  %s\n' mutant result "s" tests
for row in "${rows[@]}"; do echo "$row"; done
echo
summary="$killed killed, $survived survived"
[[ $errors -gt 0 ]] && summary="$summary, $errors not judged (not applied, not built, no tests ran, or not run in the time box)"
echo "$summary (in $((SECONDS - started)) s; logs in $log)"
[[ $survived -eq 0 && $errors -eq 0 ]]
