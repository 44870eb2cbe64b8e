import Foundation
import Testing
import TestSupport

/// git and treereview run in the same isolated environment in every test.
struct TestEnvironmentTests {
    @Test func gitSeesOnlyTheRepositorysOwnConfiguration() throws {
        let repo = try Fixtures.repository("branches")
        let listed = try Shell.git(["config", "--list", "--show-origin", "--show-scope"], in: repo).text
        let scopes = Set(listed.split(separator: "\n").map { $0.prefix { $0 != "\t" } })
        #expect(scopes == ["local"], "\(listed)")
        let global = try Shell.run("git", ["config", "--global", "--list"], in: repo)
        #expect(global.text.isEmpty)
    }

    @Test func homeIsAnEmptyDirectoryOfItsOwn() throws {
        let variables = TestEnvironment.variables()
        let home = try #require(variables["HOME"])
        #expect(home != ProcessInfo.processInfo.environment["HOME"])
        #expect(variables["XDG_CONFIG_HOME"] == home)
        let contents = try FileManager.default.contentsOfDirectory(atPath: home)
        #expect(contents.isEmpty, "whatever ran before wrote \(contents) into the home")
    }

    @Test func nothingElseLeaksFromTheTestProcess() {
        let variables = TestEnvironment.variables()
        let allowed = Set(["PATH", "TMPDIR", "LD_LIBRARY_PATH"] + TestEnvironment.sanitizerOptions).union(TestEnvironment.isolation.keys)
        #expect(Set(variables.keys).subtracting(allowed).isEmpty, "\(variables.keys.sorted())")
        #expect(variables["GIT_CONFIG_NOSYSTEM"] == "1")
        #expect(variables["GIT_CONFIG_GLOBAL"] == "/dev/null")
        #expect(TestEnvironment.variables(adding: ["NO_COLOR": "1"])["NO_COLOR"] == "1")
    }

    @Test func aSubprocessGetsTheSameEnvironmentAsAnInProcessRun() throws {
        let printed = try Shell.run("env", ["-0"]).output
        var seen: [String: String] = [:]
        for entry in printed.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            seen[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        #expect(seen == TestEnvironment.variables())
    }
}
