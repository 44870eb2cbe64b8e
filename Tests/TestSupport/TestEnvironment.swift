import Foundation

/// The one environment every test gives git and treereview, in-process
/// (`TreeReview.run(environment:)`, `Repository.open(environment:)`) and as a subprocess
/// (``Shell``): no system or global git configuration, a `HOME` and `XDG_CONFIG_HOME` in an
/// empty directory of its own, `XDG_CACHE_HOME` in another, an English UTF-8 locale, and nothing else from the
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

    /// Where treereview keeps its results cache in tests: a directory of its own, so that the
    /// home stays empty.
    public static let cacheHome: String = {
        let path = NSTemporaryDirectory() + "treereview-tests-cache-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The variables that isolate git from everything but the repository's own configuration.
    public static var isolation: [String: String] {
        [
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null",
            "HOME": home,
            "XDG_CONFIG_HOME": home,
            "XDG_CACHE_HOME": cacheHome,
            "LC_ALL": "C.UTF-8",
            // less keeps its search history in ~/.lesshst: none, so the home stays empty.
            "LESSHISTFILE": "-",
        ]
    }

    /// The sanitizers' options (`Scripts/sanitize`), passed on so that a sanitized treereview
    /// the tests start checks itself as the test process does; they change nothing git or
    /// treereview do.
    public static let sanitizerOptions = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

    /// Variables kept from the test process: what is needed to find and run programs (the
    /// sanitizers' come from ``sanitizerVariables``).
    static let inherited = ["PATH", "TMPDIR", "LD_LIBRARY_PATH"]

    /// The ``sanitizerOptions`` a child gets: the test process's, except that under
    /// `Scripts/sanitize address` the children have their own `ASAN_OPTIONS`
    /// (`TREEREVIEW_CHILD_ASAN_OPTIONS`, LeakSanitizer on), so that a treereview that leaks
    /// fails its test, while the test process itself checks no leaks at exit: what it leaves
    /// is the toolchain's and libgit2 1.5's (`Docs/Testing.md`).
    public static let sanitizerVariables: [String: String] = {
        let process = ProcessInfo.processInfo.environment
        var result: [String: String] = [:]
        for name in sanitizerOptions {
            if let value = process[name] { result[name] = value }
        }
        if let child = process["TREEREVIEW_CHILD_ASAN_OPTIONS"] { result["ASAN_OPTIONS"] = child }
        return result
    }()

    /// The whole environment of a test's git or treereview: the kept variables, the
    /// ``isolation`` and then `extra`, which wins.
    public static func variables(adding extra: [String: String] = [:]) -> [String: String] {
        let process = ProcessInfo.processInfo.environment
        var result: [String: String] = [:]
        for name in inherited {
            if let value = process[name] { result[name] = value }
        }
        result.merge(sanitizerVariables) { _, sanitizer in sanitizer }
        result.merge(isolation) { _, isolated in isolated }
        result.merge(extra) { _, given in given }
        return result
    }
}
