import Autowire

// Errors are captured outside `#expect` on purpose: inside a macro's closure, `#line` defaults
// report the macro's line rather than the binding's, which would make location assertions lie.

/// The configuration error `build` throws, or nil when it throws none (or another kind).
func captureConfigurationError(_ build: () throws -> Container) -> ConfigurationError? {
    do {
        _ = try build()
        return nil
    } catch let error as ConfigurationError {
        return error
    } catch {
        return nil
    }
}

/// The resolution error `body` throws, or nil when it throws none.
func captureResolutionError<T>(_ body: () throws -> T) -> ResolutionError? {
    do {
        _ = try body()
        return nil
    } catch let error as ResolutionError {
        return error
    } catch {
        return nil
    }
}
