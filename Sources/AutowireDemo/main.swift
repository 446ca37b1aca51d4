import Autowire

final class Logger: Injectable { }
final class Database: Injectable {
    var logger: Logger!
    static let dependencies: [Dependency<Database>] = [.inject(\.logger)]
}
protocol Repo: AnyObject {}
final class SQLRepo: Repo, Injectable {
    var db: Database!
    var logger: Logger!
    static let dependencies: [Dependency<SQLRepo>] = [.inject(\.db), .inject(\.logger)]
}
final class Service: Injectable {
    var repo: Repo!
    var a: A!
    static let dependencies: [Dependency<Service>] = [.inject(\.repo), .inject(\.a)]
}
final class A: Injectable { var b: B!; static let dependencies: [Dependency<A>] = [.inject(\.b)] }
final class B: Injectable { var a: A!; static let dependencies: [Dependency<B>] = [.inject(\.a)] }
final class TA: Injectable { static var scope: Scope { .transient }; var b: TB!; static let dependencies: [Dependency<TA>] = [.inject(\.b)] }
final class TB: Injectable { static var scope: Scope { .transient }; var a: TA!; static let dependencies: [Dependency<TB>] = [.inject(\.a)] }

do {
    let c = try Container { b in b.bind(Repo.self).to(SQLRepo.self) }
    let s = try c.resolve(Service.self)
    let r = s.repo as! SQLRepo
    print("shared logger:", r.logger === r.db.logger, "cycle:", s.a.b.a === s.a)
    _ = try Container().resolve(Service.self)
} catch { print(error) }
do { _ = try Container().resolve(TA.self) } catch { print(error) }
enum Host: Tag { typealias Value = String }
protocol Mailer: AnyObject { var host: String { get } }
final class SMTPMailer: Mailer { let host: String; let logger: Logger; init(host: Tagged<Host>, logger: Logger) { self.host = host.value; self.logger = logger } }
final class Screen: Injectable {
    var mailer: Mailer!
    var p: Provider<Logger>!
    var l: Lazy<Logger>!
    static let dependencies: [Dependency<Screen>] = [.inject(\.mailer), .inject(\.p), .inject(\.l)]
}
do {
    let c = try Container { b in
        b.bind(String.self).tagged(Host.self).to(value: "smtp.example.com")
        b.bind(Mailer.self).to(factory: SMTPMailer.init)
    }
    let s = try c.resolve(Screen.self)
    print(s.mailer.host, try s.p.get() !== s.p.get(), try s.l.get() === s.l.get())
    let bad = try Container { b in b.bind(Mailer.self).to(factory: SMTPMailer.init) }
    _ = bad
} catch { print(error) }
