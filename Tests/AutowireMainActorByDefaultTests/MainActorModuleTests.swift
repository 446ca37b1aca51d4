import Autowire
import Testing

// Modules written in a module whose types are `@MainActor` by default (Xcode 26's new-app
// settings): a static module and a module value, included in a container built on the main actor.

protocol Salutation: AnyObject {}
final class EnglishSalutation: Salutation, Injectable {}
final class FrenchSalutation: Salutation, Injectable {}

enum GreetingModule: Module {
    static func configure(_ binder: Binder) {
        binder.bind(Salutation.self).to(EnglishSalutation.self)
    }
}

struct LanguageModule: ConfigurableModule, Hashable {
    let french: Bool

    func configure(_ binder: Binder) {
        if french {
            binder.bind(Salutation.self).to(FrenchSalutation.self)
        } else {
            binder.include(GreetingModule.self)
        }
    }
}

@Suite struct MainActorModuleTests {
    @Test func aStaticModuleAndAModuleValueOfAMainActorModuleBind() throws {
        let english = try Container { binder in binder.include(GreetingModule.self) }
        let french = try Container { binder in binder.include(LanguageModule(french: true)) }
        #expect(try english.resolve(Salutation.self) is EnglishSalutation)
        #expect(try french.resolve(Salutation.self) is FrenchSalutation)
    }
}
