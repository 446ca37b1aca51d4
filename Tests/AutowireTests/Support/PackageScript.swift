import Foundation

/// A script of the package's `Scripts/` folder, run with bash as CI runs it.
enum PackageScript {
    /// Runs `Scripts/<name>` with `arguments`: its exit status and everything it printed.
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Documentation.packageRoot.appendingPathComponent("Scripts/\(name)").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
