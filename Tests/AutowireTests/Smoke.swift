import Testing
@testable import Autowire
