import Foundation

/// The programs the tests run besides git, each with the Debian package that has it
/// (`.ci/run` installs them all). A test that needs one that is missing fails, naming the
/// package, rather than being skipped: a skipped test would pass CI untested.
public enum RequiredTool {
    /// The package of each tool the tests look up by name.
    public static let packages = [
        "script": "bsdutils", "setpriv": "util-linux", "flock": "util-linux", "tmux": "tmux", "less": "less", "perl": "perl-base",
        "python3": "python3-jsonschema", "jq": "jq", "cmark": "cmark", "cmark-gfm": "cmark-gfm", "groff": "groff",
        "zsh": "zsh", "fish": "fish", "make": "make", "dash": "dash", "node": "nodejs",
    ]

    /// The tool's path on the tests' `PATH`, or an error naming the package to install.
    @discardableResult
    public static func path(_ tool: String) throws -> String {
        let directories = (TestEnvironment.variables()["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(tool)") {
            return "\(directory)/\(tool)"
        }
        throw ShellError(message: "the tests need \(tool): apt-get install \(packages[tool] ?? tool)")
    }

    /// Checks that every one of `tools` is installed.
    public static func require(_ tools: String...) throws {
        for tool in tools { try path(tool) }
    }
}
