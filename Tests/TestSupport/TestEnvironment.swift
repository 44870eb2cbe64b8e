import Foundation

/// The one environment every test gives git and treereview, in-process
/// (`TreeReview.run(environment:)`, `Repository.open(environment:)`) and as a subprocess
/// (``Shell``): no system or global git configuration, a `HOME` and `XDG_CONFIG_HOME` in an
/// empty directory of its own, an English UTF-8 locale, and nothing else from the
/// environment the tests were started in but `PATH` (and where temporary files go).
///
/// So a user's `~/.gitconfig`, `diff.renames`, `treereview.*` keys, `GIT_DIR`, `NO_COLOR`
/// or `COLUMNS` cannot change what a test sees, and git and treereview read the same
/// configuration: the repository's own.
public enum TestEnvironment {
    /// An empty directory that stands in for the home and configuration directories.
    public static let home: String = {
        (try? Fixtures.temporaryDirectory()) ?? NSTemporaryDirectory()
    }()

    /// The variables that isolate git from everything but the repository's own configuration.
    public static var isolation: [String: String] {
        [
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null",
            "HOME": home,
            "XDG_CONFIG_HOME": home,
            "LC_ALL": "C.UTF-8",
        ]
    }

    /// Variables kept from the test process: what is needed to find and run programs.
    static let inherited = ["PATH", "TMPDIR", "LD_LIBRARY_PATH"]

    /// The whole environment of a test's git or treereview: the kept variables, the
    /// ``isolation`` and then `extra`, which wins.
    public static func variables(adding extra: [String: String] = [:]) -> [String: String] {
        let process = ProcessInfo.processInfo.environment
        var result: [String: String] = [:]
        for name in inherited {
            if let value = process[name] { result[name] = value }
        }
        result.merge(isolation) { _, isolated in isolated }
        result.merge(extra) { _, given in given }
        return result
    }
}
