import Autowire
import Foundation

/// The demo's scenarios, each under its own heading.
enum Scenarios {
    static func heading(_ number: Int, _ title: String) {
        print("\n== \(number). \(title)\n")
    }

    /// 1. A graph of Injectable classes resolves from an empty container.
    static func autowired() throws {
        heading(1, "Autowired: no registration at all")
        let shop = try Container().resolve(Bookshop.self)
        print("let shop = try Container().resolve(Bookshop.self)")
        print("  inventory has a title:  \(shop.inventory.title(of: "978-0134092669") ?? "none")")
        print("  one EventLog per resolve: \(shop.log === shop.inventory.log)  (the default .graph scope)")
    }

    /// 2. A protocol bound to an implementation, tagged values, a singleton closure factory and a
    /// typed factory.
    static func explicitBindings() throws -> Container {
        heading(2, "Explicit bindings: protocol, tagged values, singleton closure, typed factory")
        let container = try Container { binder in
            binder.include(BookshopModule.self)
        }
        let first = try container.resolve(CheckoutService.self)
        let second = try container.resolve(CheckoutService.self)
        print("  \(first.buy("978-0262033848"))")
        print("  OrderStore is bound to:  \(type(of: first.orders!))")
        print("  tagged store name:       \(try container.resolve(String.self, tag: StoreName.self))")
        let firstStore = first.orders as? DatabaseOrderStore
        let secondStore = second.orders as? DatabaseOrderStore
        print("  one Database (singleton) for both resolves: \(firstStore?.database === secondStore?.database)")
        print("  a new OrderStore per resolve (.graph):      \(first.orders !== second.orders)")
        return container
    }

    /// 3. Objects created by something else, filled by a PropertyInjector.
    static func madeElsewhere(_ container: Container) throws {
        heading(3, "Made elsewhere: a PropertyInjector fills framework-created screens")
        let injector = try container.propertyInjector(for: CheckoutScreen.self)  // checked once, here
        let screens = FakeUIFramework.makeScreens()
        for (screen, isbn) in zip(screens, ["978-0134092669", "978-0262033848"]) {
            try injector.inject(into: screen)
            print("  \(screen.title) screen: \(screen.checkout.buy(isbn))")
        }
        let stores = screens.map { $0.checkout.orders as? DatabaseOrderStore }
        print("  each screen has its own OrderStore (.graph):    \(stores[0] !== stores[1])")
        print("  and both save to the one Database (singleton): \(stores[0]?.database === stores[1]?.database)")
    }

    /// 4. A child container overrides one binding, as a test would; the parent is untouched.
    static func override(_ container: Container) throws {
        heading(4, "An override in a child container, as in a test")
        let testContainer = try container.child { binder in
            binder.override(OrderStore.self).to(InMemoryOrderStore.self)
        }
        let checkout = try testContainer.resolve(CheckoutService.self)
        print("  \(checkout.buy("978-0262033848"))")
        print("  child's OrderStore:  \(type(of: checkout.orders!))")
        print("  parent's OrderStore: \(type(of: try container.resolve(CheckoutService.self).orders!))")
    }

    /// 5. One readable error for a deliberate mistake: a tagged value nobody bound.
    static func mistake() {
        heading(5, "A deliberate mistake: a tagged value with no binding")
        do {
            _ = try Container().resolve(PriceTag.self)
        } catch {
            print(error.description)
        }
    }

    /// 6. Validation checks everything at once, before anything runs.
    static func validation(_ container: Container) {
        heading(6, "Validation: every problem at once, warnings included")
        print("try container.validate(CheckoutService.self, CheckoutScreen.self)")
        do {
            let report = try container.validate(CheckoutService.self, CheckoutScreen.self)
            print(report.description)
        } catch {
            print(error.description)
        }
        print("\ntry Container.validate(Shelf.self, PriceTag.self) { binder in … }  // the module, and StoreName again")
        do {
            try Container.validate(Shelf.self, PriceTag.self) { binder in
                binder.include(BookshopModule.self)
                binder.bind(String.self).tagged(StoreName.self).to(value: "Autowire Books, again")
            }
        } catch {
            print(error.description)
        }
    }

    /// 7. The app's dependency graph, as a tree; `--graph FILE` writes it as Graphviz source.
    static func graph(_ container: Container, dotFile: String?) throws {
        heading(7, "The dependency graph of CheckoutService")
        let graph = container.graph(from: CheckoutService.self)
        print(graph.textTree)
        if let dotFile {
            try graph.dot.write(toFile: dotFile, atomically: true, encoding: .utf8)
            print("\nWrote the graph to \(dotFile); render it with `dot -Tsvg \(dotFile) -o graph.svg`.")
        } else {
            print("\nRun `swift run AutowireDemo --graph out.dot` to write it as Graphviz source.")
        }
    }
}
