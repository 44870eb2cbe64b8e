import Testing
import TestSupport
@testable import GitAdapter

/// Found by the `options` fuzz target: reading the `treereview` section through libgit2's
/// glob iterator leaked a regex match block for every config entry outside the section
/// (libgit2 1.5; LeakSanitizer reports it under `Scripts/sanitize address`). The section is
/// now filtered in Swift (`ConfigEntries`); these tests hold the filtering to git's own answer.
struct ConfigSectionFuzzRegressionTests {
    /// git's `--get-regexp` answer for a section: each `key value` line, in git's order.
    private func gitSection(_ section: String, in repository: String) throws -> [String: [String]] {
        let result = try Shell.run("git", ["-C", repository, "config", "--null", "--get-regexp", "^" + section + "\\."])
        var values: [String: [String]] = [:]
        for record in result.output.split(separator: 0) {
            let parts = record.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "true"
            values[String(decoding: parts[0], as: UTF8.self), default: []].append(value)
        }
        return values
    }

    @Test func sectionAmongManyOtherEntriesMatchesGit() throws {
        let repo = try Fixtures.fresh("branches")
        let entries: [(String, String)] = [
            ("treereview.format", "json"), ("treereviewx.format", "plain"), ("other.treereview", "x"),
            ("treereview.sub.key", "sub"), ("TreeReview.Flatten", "no"), ("alias.treereview", "!true"),
            ("treereview.icon", "ext:a=b"), ("treereview.icon", "ext:c=d"), ("diff.renames", "copies"),
        ]
        for (key, value) in entries {
            try Shell.git(["config", "--add", key, value], in: repo)
        }
        let ours = try Repository.open(at: repo, environment: TestEnvironment.variables()).readConfig(section: "treereview").section
        let theirs = try gitSection("treereview", in: repo)
        #expect(ours == theirs)
        #expect(ours["treereview.icon"] == ["ext:a=b", "ext:c=d"])
        #expect(ours["treereview.flatten"] == ["no"])
        #expect(ours["treereviewx.format"] == nil)
    }

    @Test func anEmptySectionHasNoKeys() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "treereviewx.format", "plain"], in: repo)
        #expect(try Repository.open(at: repo, environment: TestEnvironment.variables()).readConfig(section: "treereview").section.isEmpty)
        #expect(try gitSection("treereview", in: repo).isEmpty)
    }
}
