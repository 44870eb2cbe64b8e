import Foundation
import Testing
import TestSupport

/// `Scripts/libgit2-compat`'s arguments (it builds libgit2 releases, too long for a test):
/// the default series and their releases, the source, what goes on to `swift test`, bad
/// arguments refused in one line, and `Docs/Reliability.md` naming every default release.
struct LibGit2CompatScriptTests {
    static let script = ArchitectureTests.root + "/Scripts/libgit2-compat"

    static func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Shell.Result {
        try Shell.run("bash", [script] + arguments, environment: environment)
    }

    /// `--dry-run`'s lines by their first words ("source", "releases", "test arguments").
    static func plan(_ arguments: [String], _ environment: [String: String] = [:]) throws -> [String: String] {
        let result = try run(["--dry-run"] + arguments, environment)
        #expect(result.status == 0, "\(result.error)")
        var plan: [String: String] = [:]
        for line in result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            for key in ["test arguments", "source", "releases"] where line.hasPrefix(key + " ") || line == key + " " {
                plan[key] = String(line.dropFirst(key.count + 1))
            }
        }
        return plan
    }

    /// `--list`: each default series with its release.
    static func listed() throws -> [(series: String, release: String)] {
        let result = try run(["--list"])
        #expect(result.status == 0)
        return result.text.split(separator: "\n").map { line in
            let words = line.split(separator: " ").map(String.init)
            return (words.first ?? "", words.last ?? "")
        }
    }

    @Test func defaultSeriesAreThoseOfTheIssueEachWithOneOfItsReleases() throws {
        let listed = try Self.listed()
        #expect(listed.map(\.series) == ["1.5", "1.7", "1.9"])
        for (series, release) in listed {
            #expect(release.hasPrefix(series + "."))
            #expect(release.split(separator: ".").count == 3 && release.split(separator: ".").allSatisfy { Int($0) != nil })
        }
        let plan = try Self.plan([])
        #expect(plan["releases"] == listed.map(\.release).joined(separator: " "))
        #expect(plan["source"] == "https://github.com/libgit2/libgit2/archive/refs/tags/v{version}.tar.gz")
        #expect(plan["test arguments"] == "")
    }

    @Test func seriesReleasesSourceAndTestArguments() throws {
        let newest = Dictionary(uniqueKeysWithValues: try Self.listed().map { ($0.series, $0.release) })
        let plan = try Self.plan(["1.7", "1.9.1", "--source", "/srv/libgit2.git", "--", "--filter", "HunksTests"])
        #expect(plan["releases"] == "\(newest["1.7"] ?? "?") 1.9.1")
        #expect(plan["source"] == "/srv/libgit2.git")
        #expect(plan["test arguments"] == "--filter HunksTests")
        let fromEnvironment = try Self.plan(["1.5.1"], ["LIBGIT2_SOURCE": "file:///srv/v{version}.tar.gz"])
        #expect(fromEnvironment["source"] == "file:///srv/v{version}.tar.gz")
        #expect(fromEnvironment["releases"] == "1.5.1")
    }

    @Test(arguments: [["2.x"], ["1.8"], ["1.9.x"], ["--bogus"], ["--source"], ["1.9", "v1.9.7"]])
    func badArgumentsEndInOneLine(_ arguments: [String]) throws {
        let result = try Self.run(["--dry-run"] + arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("libgit2-compat: "))
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
    }

    @Test func helpIsTheUsageOnStandardOutput() throws {
        let result = try Self.run(["--help"])
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("Builds and tests treereview against libgit2"))
        #expect(result.text.contains("Scripts/libgit2-compat --list"))
        #expect(!result.text.contains("set -euo"))
    }

    @Test func reliabilityNamesEveryDefaultRelease() throws {
        let text = try String(contentsOfFile: ArchitectureTests.root + "/Docs/Reliability.md", encoding: .utf8)
        let section = try #require(text.range(of: "\n## libgit2 versions\n"))
        let rest = text[section.upperBound...]
        let body = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        for (_, release) in try Self.listed() {
            #expect(body.contains("| \(release) |"), "Docs/Reliability.md's libgit2 table lacks \(release)")
        }
    }
}
