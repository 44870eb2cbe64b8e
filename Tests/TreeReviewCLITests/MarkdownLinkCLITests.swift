import Foundation
import Testing
import TestSupport
import TreeModel

/// `--link-template` and `--title` from the command line, read back through `cmark-gfm` and
/// `cmark`, against git's changes, `git rev-parse` and `sha256sum`.
struct MarkdownLinkCLITests {
    static let template = "https://github.com/o/r/blob/{commit}/{path}#diff-{sha256}"

    /// Each link of `markdown` as the path its destination decodes to, the commit and the
    /// SHA-256 in it, and its text; fails on a destination not of ``template``'s shape.
    static func links(_ markdown: [UInt8], _ dialect: CommonMark.Dialect) throws -> [(path: [UInt8], commit: String, sha: String, text: [String])] {
        try CommonMark.parse(markdown, dialect).all.filter { $0.kind == "link" }.map { link in
            let destination = try #require(link.attributes["destination"])
            let match = try #require(destination.wholeMatch(of: /https:\/\/github\.com\/o\/r\/blob\/([0-9a-f]{40})\/([A-Za-z0-9\-._~\/%]+)#diff-([0-9a-f]{64})/),
                                     "\(destination)")
            var path: [UInt8] = []
            var rest = Array(match.output.2.utf8)[...]
            while let byte = rest.popFirst() {
                if byte == UInt8(ascii: "%") {
                    path.append(try #require(UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)))
                    rest = rest.dropFirst(2)
                } else {
                    path.append(byte)
                }
            }
            return (path, String(match.output.1), String(match.output.3), link.children.map(\.kind))
        }
    }

    static func revision(_ name: String, in repository: String) throws -> String {
        String(decoding: try Shell.git(["rev-parse", name], in: repository).output, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: CommonMark.Dialect.allCases)
    func hostileNamesLinkToTheirFilesAtTheNewCommit(_ dialect: CommonMark.Dialect) throws {
        let repository = try Fixtures.repository("hostile-names")
        let outcome = CLIRunner.run(["--format", "markdown", "--link-template", Self.template, "HEAD~1..HEAD"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let changes = try GitOracle.changes(in: repository, ["HEAD~1..HEAD"])
        let links = try Self.links(outcome.output, dialect)
        #expect(links.count == changes.count)
        #expect(Set(links.map(\.path)) == Set(changes.map(\.path.bytes)))
        let head = try Self.revision("HEAD", in: repository)
        for link in links {
            #expect(link.commit == head)
            #expect(link.text == ["code"])
            let sum = try Shell.run("sha256sum", [], input: link.path)
            #expect(link.sha == String(String(decoding: sum.output, as: UTF8.self).prefix(64)))
        }
        let kinds = Set(try CommonMark.parse(outcome.output, dialect).all.map(\.kind))
        #expect(kinds.isSubset(of: ["document", "heading", "paragraph", "text", "code", "list", "item", "html_block", "link",
                                    "table", "table_header", "table_row", "table_cell", "softbreak"]), "\(kinds)")
    }

    /// A deleted file has no new side: its link is to the old side's commit, the merge base of `A...B`.
    @Test func aDeletedFileLinksToTheOldSide() throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "markdown", "--link-template", Self.template, "main...feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let changes = try GitOracle.changes(in: repository, ["-M", "main...feature"])
        let links = try Self.links(outcome.output, .gitHub)
        #expect(links.count == changes.count)
        let base = String(decoding: try Shell.git(["merge-base", "main", "feature"], in: repository).output, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(base != (try Self.revision("main", in: repository)))
        let feature = try Self.revision("feature", in: repository)
        let deleted = Set(changes.filter { $0.status == .deleted }.map(\.path.bytes))
        #expect(!deleted.isEmpty)
        for link in links {
            #expect(link.commit == (deleted.contains(link.path) ? base : feature), "\(String(decoding: link.path, as: UTF8.self))")
        }
    }

    @Test func sectionsByOwnerLinkEveryFile() throws {
        let repository = try Fixtures.repository("annotations")
        let outcome = CLIRunner.run(["--format", "markdown", "--group-by", "owner", "--link-template", Self.template, "main..feature"],
                                    in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let items = try CommonMark.parse(outcome.output, .gitHub).all.filter { $0.kind == "item" }
        let links = try Self.links(outcome.output, .gitHub)
        #expect(!items.isEmpty && links.count == items.count)
        let changed = Set(try GitOracle.changes(in: repository, ["main..feature"]).map(\.path.bytes))
        #expect(links.allSatisfy { changed.contains($0.path) })
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let noCommit = "--link-template's {commit} needs a revision on the new side, and the new side here is "

    static let refusals: [Refusal] = [
        Refusal(arguments: ["--link-template", "https://x/{commit}/{path}"],
                message: noCommit + "the working tree"),
        Refusal(arguments: ["--staged", "--link-template", "https://x/{commit}/{path}"],
                message: noCommit + "the index"),
        Refusal(arguments: ["main", "--link-template", "https://x/{commit}"],
                message: noCommit + "the working tree"),
        Refusal(arguments: ["--stdin", "--link-template", "https://x/{commit}"],
                message: noCommit + "a change list from standard input"),
        Refusal(arguments: ["main..feature", "--link-template", "https://x/{file}"],
                message: "invalid value for --link-template: unknown placeholder '{file}': expected {path}, {sha256} or {commit}"),
        Refusal(arguments: ["main..feature", "--link-template", "https://x/{path"],
                message: "invalid value for --link-template: '{' at byte 11 has no '}': the placeholders are {path}, {sha256} and {commit}"),
        Refusal(arguments: ["main..feature", "--link-template", "https://x/a b/{path}"],
                message: "invalid value for --link-template: a URL cannot hold ' ' (byte 12): percent-encode it"),
        Refusal(arguments: ["main..feature", "--title", ""], message: "empty text for --title"),
    ]

    @Test(arguments: refusals)
    func whatCannotBeLinkedIsRefused(_ example: Refusal) throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "markdown"] + example.arguments, in: repository, input: Array("M\tREADME.md\n".utf8))
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error == "treereview: \(example.message)\n")
    }

    @Test func pathAndSha256NeedNoCommit() throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "markdown", "--stdin", "--link-template", "#diff-{sha256}"], in: repository,
                                    input: Array("M\tREADME.md\n".utf8))
        #expect(outcome.status == 0, "\(outcome.error)")
        let sum = String(decoding: try Shell.run("sha256sum", [], input: Array("README.md".utf8)).output, as: UTF8.self).prefix(64)
        #expect(try CommonMark.parse(outcome.output, .gitHub).all.filter { $0.kind == "link" }.map { $0.attributes["destination"] }
            == ["#diff-\(sum)"])
    }

    @Test func aTitleTakesTheComparisonsPlaceAndTheCountsStay() throws {
        let repository = try Fixtures.repository("branches")
        let title = "feature → main · `a1b2c3d` <b>*x*</b>"
        let titled = CLIRunner.run(["--format", "markdown", "--title", title, "main...feature"], in: repository)
        let usual = CLIRunner.run(["--format", "markdown", "main...feature"], in: repository)
        #expect(titled.status == 0, "\(titled.error)")
        let shown = try RenderedMarkdown(parsing: titled.output)
        let plain = try RenderedMarkdown(parsing: usual.output)
        #expect(shown.title == title)
        #expect(plain.title == "main...feature")
        #expect(shown.headline == plain.headline)
        #expect(shown.headline.hasSuffix("files changed"))
        let heading = try #require(try CommonMark.parse(titled.output, .commonMark).children.first)
        #expect(heading.children.map(\.kind) == ["code", "text"])
        #expect(titled.text.split(separator: "\n").dropFirst().elementsEqual(usual.text.split(separator: "\n").dropFirst()))
    }
}
