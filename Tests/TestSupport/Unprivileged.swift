import Foundation

/// Runs programs as a user that file permissions hold back: the current user, or, when the
/// tests run as root (who reads and writes anything, as on CI), `nobody` through util-linux's
/// `setpriv`. A test of what an unreadable file or an unwritable directory does runs its
/// program so, and so asserts the same thing whoever runs the suite.
public enum Unprivileged {
    /// Whether the tests run as root.
    public static let isRoot = getuid() == 0

    /// util-linux's `setpriv`, if installed.
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The built `treereview`, copied where any user can run it: the build directory may sit
    /// under a directory only its owner can enter (a `mktemp -d` clone). `cp` copies it in a
    /// child process: a descriptor open for writing in this process would be inherited by
    /// children other tests start meanwhile, and running the copy would then fail with
    /// "Text file busy".
    public static let binary: String = {
        guard isRoot, let directory = try? Fixtures.temporaryDirectory() else { return Binary.path }
        let copy = directory + "/treereview"
        guard (try? Shell.run("cp", [Binary.path, copy], in: directory))?.status == 0,
              (try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)) != nil
        else { return Binary.path }
        return copy
    }()

    /// A new home directory any user can read, whose `.gitconfig` trusts `repository`
    /// (`safe.directory`: as `nobody`, the repository is another user's).
    public static func home(trusting repository: String) throws -> String {
        let home = try Fixtures.temporaryDirectory()
        try "[safe]\n\tdirectory = \(repository)\n".write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home)
        return home
    }

    /// `command` in `directory` with `HOME=home`, the global git configuration read from
    /// there, as the unprivileged user. Throws, naming the package to install, when the tests
    /// run as root and `setpriv` is missing.
    public static func run(_ command: [String], in directory: String, home: String) throws -> Shell.Result {
        var prefix = ["-u", "GIT_CONFIG_GLOBAL", "HOME=\(home)"]
        if isRoot {
            guard let setpriv else {
                throw ShellError(message: "running as root, this test needs setpriv to drop to nobody (apt-get install util-linux)")
            }
            prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "env"] + prefix
        }
        return try Shell.run("env", prefix + command, in: directory)
    }
}
