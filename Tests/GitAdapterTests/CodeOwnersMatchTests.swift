import Annotations
import Foundation
import Testing
import TestSupport
import TreeModel
@testable import GitAdapter

/// `ChangeAnnotations.codeOwnersMatch(for:)`, what `treereview explain` says of a file's
/// owners: the CODEOWNERS file, the side it was read from and the line of the rule, on the
/// `owners-sides` fixture, checked against the file git shows on that side.
struct CodeOwnersMatchTests {
    static func annotations(_ revisions: [String], from side: CodeOwnersSide? = nil) throws
        -> (annotations: ChangeAnnotations, repository: String) {
        let repository = try Fixtures.repository("owners-sides")
        let opened = try Repository.open(at: repository, environment: TestEnvironment.variables())
        let changes = try opened.changes(for: ComparisonRequest(revisions: revisions, useCache: false))
        return (try opened.annotations(of: changes, kinds: false, owners: true, ownersFrom: side), repository)
    }

    /// The line numbered `number` (from 1) of `path` as of `revision`, as git shows it.
    static func line(_ number: Int, of path: String, at revision: String, in repository: String) throws -> String {
        let text = try Shell.git(["cat-file", "blob", "\(revision):\(path)"], in: repository).text
        return String(text.split(separator: "\n", omittingEmptySubsequences: false)[number - 1])
    }

    @Test func theRuleIsTheBasesLineByDefault() throws {
        let (annotations, repository) = try Self.annotations(["main...self"])
        let main = try Shell.git(["rev-parse", "main"], in: repository).text.prefix(40)
        let match = try #require(annotations.codeOwnersMatch(for: RawPath("src/app.c")))
        #expect(match.source == CodeOwnersSource(side: .base, place: .revision(String(main)), path: "docs/CODEOWNERS"))
        let rule = try #require(match.rule)
        #expect(rule.line == 2 && rule.pattern == "/src/" && rule.owners == ["@src-lead"])
        #expect(try Self.line(rule.line, of: "docs/CODEOWNERS", at: "main", in: repository) == "/src/ @src-lead")
        let other = try #require(annotations.codeOwnersMatch(for: RawPath("docs/CODEOWNERS"))?.rule)
        #expect(other.line == 1 && other.owners == ["@base-team"])
    }

    @Test func theNewSideGivesTheBranchsOwnLine() throws {
        let (annotations, repository) = try Self.annotations(["main...self"], from: .new)
        let branch = try Shell.git(["rev-parse", "self"], in: repository).text.prefix(40)
        let match = try #require(annotations.codeOwnersMatch(for: RawPath("src/app.c")))
        #expect(match.source.side == .new && match.source.revision == String(branch))
        #expect(match.rule?.line == 2 && match.rule?.owners == ["@branch-author"])
        #expect(try Self.line(2, of: "docs/CODEOWNERS", at: "self", in: repository) == "/src/ @branch-author")
    }

    @Test func noFileOnTheSideReadGivesNoMatchButTheSourceSaysWhere() throws {
        let (annotations, repository) = try Self.annotations(["start...add"])
        #expect(annotations.codeOwnersMatch(for: RawPath("src/app.c")) == nil)
        let start = try Shell.git(["rev-parse", "start"], in: repository).text.prefix(40)
        #expect(annotations.codeOwnersSource == CodeOwnersSource(side: .base, place: .revision(String(start)), path: nil))
        #expect(annotations.files.codeOwnersPath == nil)
    }
}
