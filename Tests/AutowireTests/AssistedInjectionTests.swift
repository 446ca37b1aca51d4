import Autowire
import Testing

private struct OrderID: Equatable { let raw: Int }
private final class OrderStore: Injectable {
    static var scope: Scope { .singleton }
}
private final class OrderDetail: Injectable {
    var orderID: OrderID!
    var store: OrderStore!
    static let dependencies: [Dependency<OrderDetail>] = [.assisted(\.orderID), .inject(\.store)]  // @order-id
}
private final class OrderList: Injectable {
    var makeDetail: AssistedFactory<OrderID, OrderDetail>!
    static let dependencies: [Dependency<OrderList>] = [.inject(\.makeDetail)]
}
private final class WrongfulUser: Injectable {
    var detail: OrderDetail!
    static let dependencies: [Dependency<WrongfulUser>] = [.inject(\.detail)]
}

private protocol Mailer { var host: String { get } }
private struct SMTPMailer: Mailer {
    let host: String
    let store: OrderStore
}

@Suite struct AssistedInjectionTests {
    @Test func theSeedFillsTheAssistedPropertyOfAnAutowiredClass() throws {
        let container = Container()
        let list = try container.resolve(OrderList.self)
        let first = try list.makeDetail.make(OrderID(raw: 1))
        let second = try list.makeDetail.make(OrderID(raw: 2))
        #expect(first.orderID == OrderID(raw: 1))
        #expect(second.orderID == OrderID(raw: 2))
        #expect(first !== second)
        #expect(try first.store === container.resolve(OrderStore.self))
    }

    @Test func theSeedIsTheFirstArgumentOfABoundFactory() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<String, Mailer>.self).to(assisted: SMTPMailer.init)
        }
        let mailer = try container.resolve(AssistedFactory<String, Mailer>.self).make("smtp.example.com")
        #expect(mailer.host == "smtp.example.com")
    }

    @Test func resolvingAnAssistedClassDirectlyExplainsTheFactory() throws {
        let error = captureResolutionError { try Container().resolve(WrongfulUser.self) }
        #expect(
            error?.description == """
                error[assisted-outside-factory]: OrderDetail.orderID is assisted, so OrderDetail can only be made by an AssistedFactory.
                  at: \(marked("order-id"))
                  path: WrongfulUser.detail → OrderDetail.orderID
                  fix: Depend on `AssistedFactory<OrderID, OrderDetail>` and call `make(_:)` with the OrderID, instead of depending on OrderDetail itself.
                """)
    }
}
