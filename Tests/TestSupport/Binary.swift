import Foundation

/// The package's own built `treereview` executable, beside the test bundle in the build's
/// products directory (`.build/debug`, or a sanitizer's scratch path): never one found on
/// `PATH` or elsewhere, which could be another version.
public enum Binary {
    /// Its path; when it is not there, a path that names what to do, so that every test
    /// running it fails saying so.
    public static let path: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" {   // an .xctest bundle: Contents/MacOS/<name>
            for _ in 0..<3 { directory.deleteLastPathComponent() }
        }
        let candidate = directory.appendingPathComponent("treereview").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return candidate + " (not built: swift build --product treereview)"
    }()

    /// The sanitizer it was built with (`Scripts/sanitize` builds into
    /// `.build/sanitize-<name>`): `"address"`, `"thread"`, or `nil` for an ordinary build.
    public static let sanitizer: String? = {
        for piece in path.split(separator: "/") where piece.hasPrefix("sanitize-") {
            return String(piece.dropFirst("sanitize-".count))
        }
        return nil
    }()
}
