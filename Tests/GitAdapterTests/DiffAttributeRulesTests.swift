import Annotations
import Foundation
import Testing
import TestSupport
import TreeModel
@testable import GitAdapter

/// treereview's own `diff` attribute (``DiffAttributeRules``) against git: `git check-attr diff`
/// for every path of the fixtures (and paths no file has), and the binary flags of
/// `git diff --numstat` end to end.
struct DiffAttributeRulesTests {
    static func gitState(_ text: String) -> AttributeState {
        switch text {
        case "set": .set
        case "unset": .unset
        case "unspecified": .unspecified
        default: .value(text)
        }
    }

    /// Every tracked path of `repo`, and each with a made-up sibling in its directory.
    static func paths(_ repo: String) throws -> [String] {
        let tracked = try Shell.git(["ls-files", "-z"], in: repo).output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let made = tracked.map { path in (path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : "") + "new.bin" }
        return Array(Set(tracked + made + ["deep/er/than/any.txt", "a/b/c/d/e.deep", "dir/x/y.txt"])).sorted()
    }

    static func rules(_ repo: String, readsIndex: Bool, paths: [String]) throws -> DiffAttributeRules {
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables())
        return try #require(try DiffAttributeRules.make(repository: repository, config: repository.readConfig(),
                                                        directories: DiffAttributeRules.directories(of: paths.map { Array($0.utf8) }),
                                                        readsIndex: readsIndex))
    }

    @Test(arguments: ["diff-attributes", "attribute-origins", "annotations"])
    func everyPathHasGitsDiffAttribute(fixture: String) throws {
        let repo = try Fixtures.repository(fixture)
        let paths = try Self.paths(repo)
        let rules = try Self.rules(repo, readsIndex: true, paths: paths)
        let git = try GitCheckAttr.states(repo, paths: paths, names: ["diff"], side: .workingTree)
        var differences: [String] = []
        for (path, states) in zip(paths, git) where rules.state(of: Array(path.utf8)) != Self.gitState(states.first ?? "") {
            differences.append("\(path): ours \(rules.state(of: Array(path.utf8))), git \(states)")
        }
        #expect(differences.isEmpty, "\(differences)")
        if fixture == "diff-attributes" {
            let decided = Set(git.map { $0.first ?? "" })
            #expect(decided.isSuperset(of: ["set", "unset", "unspecified", "mydriver", "bindriver"]), "the fixture decides diff every way")
        }
    }

    @Test func binaryFlagsAreGitsForTwoTreesAndTheWorkingTree() throws {
        let repo = try Fixtures.repository("diff-attributes")
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables())
        for (request, arguments, untracked) in [(ComparisonRequest(revisions: ["HEAD~1..HEAD"], renames: .off), ["--no-renames", "HEAD~1..HEAD"], false),
                                                (ComparisonRequest(revisions: ["HEAD~1"], renames: .off), ["--no-renames", "HEAD~1"], true)] {
            let ours = try repository.changes(for: request).changes.map(GitOracle.comparable)
            let theirs = try GitOracle.changes(in: repo, arguments, untracked: untracked)
            #expect(ours.map(\.path) == theirs.map(\.path))
            #expect(ours.map(\.binary) == theirs.map(\.binary), "\(arguments)")
            #expect(theirs.contains { $0.binary == true } && theirs.contains { $0.binary == false })
        }
    }

    @Test func aCaseFoldingRepositoryIsLeftToLibgit2() throws {
        let repo = try Fixtures.fresh("diff-attributes")
        try Shell.git(["config", "core.ignorecase", "true"], in: repo)
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables())
        #expect(try DiffAttributeRules.make(repository: repository, config: repository.readConfig(), directories: [[]], readsIndex: true) == nil)
    }
}
