import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// The root Makefile: `make install` and `make uninstall` with `DESTDIR` and `PREFIX`, using
/// the binary already built for the tests (`BIN=`), so no release build runs.
struct InstallTests {
    private static let root = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path

    /// The installed files under `prefix`, and what each must contain.
    private func expectedFiles(prefix: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        files[prefix + "/share/man/man1/treereview.1"] = Array(try Data(contentsOf: URL(fileURLWithPath: Self.root + "/Docs/treereview.1")))
        files[prefix + "/share/man/man1/git-treereview.1"] = Array(".so man1/treereview.1\n".utf8)
        let locations: [(CompletionShell, String)] = [
            (.bash, "/share/bash-completion/completions/treereview"),
            (.zsh, "/share/zsh/site-functions/_treereview"),
            (.fish, "/share/fish/vendor_completions.d/treereview.fish"),
        ]
        for (shell, path) in locations {
            let printed = try Shell.run(Binary.path, ["completion", shell.rawValue])
            #expect(printed.status == 0)
            files[prefix + path] = printed.output
        }
        return files
    }

    private func regularFiles(under directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if enumerator?.fileAttributes?[.type] as? FileAttributeType != .typeDirectory {
                files.append(directory + "/" + path)
            }
        }
        return files.sorted()
    }

    private func make(_ arguments: [String]) throws -> Shell.Result {
        try Shell.run("make", ["--no-print-directory", "-C", Self.root] + arguments)
    }

    @Test func installsEveryFileAndUninstallRemovesThem() throws {
        guard CompletionHarness.require("make", package: "make") else { return }
        let staging = try Fixtures.temporaryDirectory() + "/stage dir"
        let variables = ["DESTDIR=\(staging)", "PREFIX=/usr", "BIN=\(Binary.path)"]
        let install = try make(["install"] + variables)
        #expect(install.status == 0, "\(install.error)")
        #expect(!install.text.contains("swift build"), "the existing binary is installed, not rebuilt")

        let prefix = staging + "/usr"
        let binary = prefix + "/bin/treereview"
        var expected = try expectedFiles(prefix: prefix)
        let version = try Shell.run(binary, ["--version"])
        #expect(version.text == "treereview \(TreeReview.version)\n")
        expected[binary] = Array(try Data(contentsOf: URL(fileURLWithPath: Binary.path)))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/git-treereview") == "treereview")
        #expect(regularFiles(under: staging) == (expected.keys + [prefix + "/bin/git-treereview"]).sorted())
        for (path, contents) in expected {
            let installed = FileManager.default.contents(atPath: path).map(Array.init)
            #expect(installed == contents, "\(path)")
            let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
            #expect(mode == (path == binary ? 0o755 : 0o644), "\(path): \(String(mode, radix: 8))")
        }

        let uninstall = try make(["uninstall"] + variables)
        #expect(uninstall.status == 0, "\(uninstall.error)")
        #expect(regularFiles(under: staging).isEmpty)
    }

    @Test func prefixDefaultsToUsrLocal() throws {
        guard CompletionHarness.require("make", package: "make") else { return }
        let dryRun = try make(["-n", "install", "DESTDIR=/staging", "BIN=\(Binary.path)"])
        #expect(dryRun.status == 0, "\(dryRun.error)")
        for path in ["bin/treereview", "bin/git-treereview", "share/man/man1/treereview.1", "share/man/man1/git-treereview.1",
                     "share/bash-completion/completions/treereview",
                     "share/zsh/site-functions/_treereview", "share/fish/vendor_completions.d/treereview.fish"] {
            #expect(dryRun.text.contains("/staging/usr/local/\(path)"), "\(path)")
        }
        #expect(!dryRun.text.contains("swift build"))
        let build = try make(["-n", "build"])
        #expect(build.text.contains("swift build -c release"))
    }

    /// Installed, it is `git treereview` (git runs `git-<name>` from `PATH`), and `git help
    /// treereview` (which runs `man git-treereview`, git's man directory and `MANPATH` first)
    /// shows the manual page.
    @Test func gitRunsItAsASubcommandAndShowsItsManual() throws {
        guard CompletionHarness.require("make", package: "make"), CompletionHarness.require("man", package: "man-db"),
              CompletionHarness.require("groff", package: "groff") else { return }
        let staging = try Fixtures.temporaryDirectory() + "/stage"
        let install = try make(["install", "DESTDIR=\(staging)", "PREFIX=/usr", "BIN=\(Binary.path)"])
        #expect(install.status == 0, "\(install.error)")
        let path = staging + "/usr/bin:" + (TestEnvironment.variables()["PATH"] ?? "/usr/bin:/bin")
        let environment = ["PATH": path, "MANPATH": staging + "/usr/share/man", "MANWIDTH": "80"]
        let version = try Shell.run("git", ["treereview", "--version"], environment: environment)
        #expect(version.status == 0, "\(version.error)")
        #expect(version.text == "treereview \(TreeReview.version)\n")
        let repo = try Fixtures.repository("worktree")
        let listed = try Shell.run("git", ["-C", repo, "treereview", "--format", "plain"], environment: environment)
        #expect(listed.status == 0 && !listed.output.isEmpty, "\(listed.error)")
        #expect(listed.output == (try Shell.run(Binary.path, ["-C", repo, "--format", "plain"]).output))
        let manual = try Shell.run("git", ["help", "treereview"], environment: environment)
        #expect(manual.status == 0, "\(manual.error)")
        let lines = manual.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first?.hasPrefix("TREEREVIEW(1)") == true, "\(manual.text.prefix(300))")
        #expect(lines.contains("treereview - " + ManPage.summary))
        let found = try Shell.run("man", ["-w", "git-treereview"], environment: environment)
        #expect(found.text == staging + "/usr/share/man/man1/treereview.1\n", "man follows git-treereview.1's .so")
        #expect(try make(["uninstall", "DESTDIR=\(staging)", "PREFIX=/usr"]).status == 0)
        #expect(regularFiles(under: staging).isEmpty)
        #expect(try Shell.run("git", ["help", "treereview"], environment: environment).status != 0)
    }
}
