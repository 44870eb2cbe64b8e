import Foundation

/// Fixture repositories, built at test time from the scripts in `Fixtures/repos/`.
public enum Fixtures {
    /// The repository's `Fixtures/` directory.
    public static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures").path
    }()

    private static let cache = RepositoryCache()

    /// A repository built by `Fixtures/repos/<name>.sh`, once per test process.
    /// Tests must not modify it; use ``fresh(_:)`` for one a test may change.
    public static func repository(_ name: String) throws -> String {
        try cache.repository(name) { try build(name) }
    }

    /// A new copy of the fixture repository `name`, for a test that changes it.
    public static func fresh(_ name: String) throws -> String {
        try build(name)
    }

    /// A new empty temporary directory, inside one directory per test process that is
    /// removed when the process exits.
    public static func temporaryDirectory() throws -> String {
        let path = processDirectory + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The directory that holds every temporary directory of this test process.
    private static let processDirectory: String = {
        let path = NSTemporaryDirectory() + "treereview-tests-" + UUID().uuidString
        atexit { try? FileManager.default.removeItem(atPath: Fixtures.processDirectory) }
        return path
    }()

    private static func build(_ name: String) throws -> String {
        let target = try temporaryDirectory() + "/" + name
        let script = directory + "/repos/\(name).sh"
        let result = try Shell.run("bash", [script, target])
        guard result.status == 0 else {
            throw ShellError(message: "fixture \(name) failed: \(result.error)")
        }
        return target
    }
}

private final class RepositoryCache: @unchecked Sendable {
    private var built: [String: String] = [:]
    private let lock = NSLock()

    func repository(_ name: String, build: () throws -> String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = built[name] { return path }
        let path = try build()
        built[name] = path
        return path
    }
}
