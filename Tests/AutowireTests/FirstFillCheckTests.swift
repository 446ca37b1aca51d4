import Synchronization
import Testing

@testable import Autowire

private final class TagRepository: Injectable {}
private final class PostRepository: Injectable {}
private protocol PostDelegate: AnyObject {}

/// The mistake of this design: `tags` is declared, but its `.inject` was forgotten.
private final class PostService: Injectable {
    var posts: PostRepository!
    var tags: TagRepository!
    static let dependencies: [Dependency<PostService>] = [.inject(\.posts)]  // @posts
    func tagCount() -> Int { tags === tags ? 1 : 0 }  // Unwraps `tags`: crashes when it is nil.
}

/// Set by whoever shows it: declared `.notInjected`, so never reported.
private final class PostEditor: Injectable {
    var posts: PostRepository!
    weak var delegate: (any PostDelegate)?
    var draft: PostRepository?
    var title: String?  // Nothing provides a String here; read through the Mirror.
    static let dependencies: [Dependency<PostEditor>] = [.inject(\.posts), .notInjected(\.draft)]
}

/// Filled by a `PropertyInjector`, with the same mistake.
private final class PostScreen: PropertyInjectable {
    var service: PostEditor!
    var tags: TagRepository!
    static let dependencies: [Dependency<PostScreen>] = [.inject(\.service)]
}

/// Needs a `PostService`, whose own class fails to inject: one root cause.
private final class PostBoard: Injectable {
    var service: PostService!
    var posts: PostRepository!
    static let dependencies: [Dependency<PostBoard>] = [.inject(\.service), .inject(\.posts)]
}

/// Forgets a property of its own while its dependency is fine.
private final class TagBoard: Injectable {
    var posts: PostRepository!
    var tags: TagRepository!
    static let dependencies: [Dependency<TagBoard>] = [.inject(\.posts)]  // @tag-board
}

@Suite struct FirstFillCheckTests {
    /// Before, the resolve succeeded and the app died at first use of `tags` ("Unexpectedly found
    /// nil while implicitly unwrapping an Optional value").
    @Test func aForgottenInjectIsAnErrorFromTheFirstResolveNotACrashLater() throws {
        let container = Container()
        let error = captureResolutionError { try container.resolve(PostService.self) }
        #expect(
            error?.description == """
                error[forgotten-dependency]: PostService.tags is nil after injection but is not in PostService.dependencies, and the container can provide TagRepository: it looks like a forgotten `.inject`.
                  at: \(marked("posts"))
                  path: PostService.tags
                  fix: Add `.inject(\\.tags)` to PostService.dependencies; if it may stay nil, `.optional(\\.tags)`; if something else sets it, `.notInjected(\\.tags)`.
                """)
    }

    @Test func theVerdictIsKeptSoLaterResolvesNeverBuildAMirror() throws {
        let container = Container()
        _ = captureResolutionError { try container.resolve(PostService.self) }
        let counter = MirrorCounter()
        let again = MirrorAudit.$counter.withValue(counter) {
            captureResolutionError { try container.resolve(PostService.self) }
        }
        #expect(again?.code == .forgottenDependency)
        #expect(counter.count == 0)
    }

    /// The walk is per class: a fresh container (a child per test, say) only asks which of the
    /// properties found then it could provide.
    @Test func aFreshContainerFillingAnAlreadyCheckedClassBuildsNoMirror() throws {
        _ = try Container().resolve(PostEditor.self)
        let counter = MirrorCounter()
        let editor = try MirrorAudit.$counter.withValue(counter) { try Container().resolve(PostEditor.self) }
        #expect(editor.posts != nil)
        #expect(counter.count == 0)
    }

    @Test func aPropertyDeclaredNotInjectedIsLeftAloneAndNotReported() throws {
        let container = Container()
        let editor = try container.resolve(PostEditor.self)
        #expect(editor.posts != nil)
        #expect(editor.draft == nil)
    }

    @Test func aPropertyInjectorChecksTheFirstObjectItFills() throws {
        let container = Container()
        let injector = try container.propertyInjector(for: PostScreen.self)
        let error = captureResolutionError { try injector.inject(into: PostScreen()) }
        #expect(error?.code == .forgottenDependency)
        #expect(error?.diagnostics.first?.renderedPath == "PostScreen.tags")
    }

    /// First fills take no lock: threads racing them each check, and the first verdict stays.
    @Test func concurrentFirstFillsAllReportTheForgottenInjectAndTheVerdictStays() throws {
        let container = Container()
        let reported = Atomic<Int>(0)
        let finished = runOnThreads(8) { _ in
            for _ in 0..<20 {
                let error = captureResolutionError { try container.resolve(PostService.self) }
                if error?.code == .forgottenDependency, error?.diagnostics.first?.renderedPath == "PostService.tags" {
                    reported.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished)
        #expect(reported.load(ordering: .relaxed) == 160)
        let counter = MirrorCounter()
        let again = MirrorAudit.$counter.withValue(counter) {
            captureResolutionError { try container.resolve(PostService.self) }
        }
        #expect(again?.code == .forgottenDependency)
        #expect(counter.count == 0)
    }

    @Test func validateReportsAForgottenInjectAsAnErrorWithItsLocation() throws {
        let error = #expect(throws: ValidationError.self) { try Container().validate(PostService.self) }
        #expect(error?.report.errors.map(\.code) == [.forgottenDependency])
        #expect(error?.report.errors.first?.location?.description == marked("posts"))
    }

    /// Before, `PostBoard.service` was also reported `unset-after-injection` ("its setter did not
    /// keep the PostService it was given"): the probe's fill had stopped at `PostService`'s error.
    @Test func validateReportsAClassThatFailsToInjectOnceNotAgainAsItsDependentsUnsetProperty() throws {
        let error = #expect(throws: ValidationError.self) { try Container().validate(PostBoard.self) }
        #expect(error?.report.errors.map(\.code) == [.forgottenDependency])
        #expect(error?.report.errors.first?.renderedPath == "PostBoard.service → PostService.tags")
    }

    @Test func aProbesOwnForgottenInjectLeavesItsOtherPropertiesChecked() throws {
        let error = #expect(throws: ValidationError.self) { try Container().validate(TagBoard.self) }
        #expect(error?.report.errors.map(\.code) == [.forgottenDependency])
        #expect(error?.report.errors.first?.location?.description == marked("tag-board"))
    }
}
