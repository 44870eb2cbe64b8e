import GitRules
import Render
import Testing
import TestSupport
import TreeModel

/// `--link-template` in the Markdown report, read back by `cmark-gfm` (what GitHub renders)
/// and `cmark`: with the hostile names, each file's name is a link whose text is exactly the
/// code span it is without links, and whose target is the template's URL with the path
/// percent-encoded; nothing else changes.
@Suite struct MarkdownLinkTests {
    static let template = "https://e.com/b/{commit}/{path}?h={sha256}&amp;q=(x)"
    static let newCommit = String(repeating: "a", count: 40), oldCommit = String(repeating: "d", count: 40)

    static func links() throws -> LinkTemplate {
        var links = try LinkTemplate(parsing: template)
        links.newCommit = newCommit
        links.oldCommit = oldCommit
        return links
    }

    static func render(_ report: Report, links: LinkTemplate?, maxBytes: Int = MarkdownRenderer.defaultMaxBytes) -> [UInt8] {
        var output: [UInt8] = []
        MarkdownRenderer().render(report, options: RenderOptions(markdownMaxBytes: maxBytes, markdownLinks: links), into: &output)
        return output
    }

    /// The document with every link replaced by its text, as a string to compare.
    static func withoutLinks(_ node: MarkdownNode) -> String {
        let children = node.children.flatMap { $0.kind == "link" ? $0.children : [$0] }
        let attributes = node.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "«\(node.kind) \(attributes) \(node.literal)\(children.map(withoutLinks).joined())»"
    }

    /// The bytes `%XX` escapes stand for, or `nil` when `text` holds anything but unreserved
    /// characters, `/` and `%XX`.
    static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                guard byte < 0x80, (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber
                                    || "-._~/".utf8.contains(byte)) else { return nil }
                bytes.append(byte)
            }
        }
        return bytes
    }

    @Test(arguments: CommonMark.Dialect.allCases)
    func hostileNamesLinkToTheirPathsAndStayCode(_ dialect: CommonMark.Dialect) throws {
        let changes = MarkdownHostileNameTests.changes
        let report = ReportFixtures.report(changes)
        let linked = try CommonMark.parse(Self.render(report, links: try Self.links()), dialect)
        let plain = try CommonMark.parse(Self.render(report, links: nil), dialect)
        #expect(Self.withoutLinks(linked) == Self.withoutLinks(plain))
        let links = linked.all.filter { $0.kind == "link" }
        #expect(links.count == changes.count, "one link per file")
        var linkedPaths: [[UInt8]] = []
        for link in links {
            #expect(link.children.map(\.kind) == ["code"], "\(link)")
            let destination = try #require(link.attributes["destination"])
            let match = try #require(destination.wholeMatch(of: /https:\/\/e\.com\/b\/([ad]{40})\/([^?]+)\?h=([0-9a-f]{64})&amp;q=\(x\)/),
                                     "\(destination)")
            let path = try #require(Self.percentDecoded(match.output.2), "\(destination)")
            let change = try #require(changes.first { $0.path.bytes == path }, "\(destination)")
            #expect(String(match.output.1) == (change.status == .deleted ? Self.oldCommit : Self.newCommit))
            #expect(String(match.output.3) == SHA256.hex(path))
            linkedPaths.append(path)
        }
        #expect(linkedPaths.sorted { $0.lexicographicallyPrecedes($1) } == changes.map(\.path.bytes).sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func linksCountInTheByteLimit() throws {
        let changes = (0..<400).map { ReportFixtures.text(.modified, "dir\($0 % 20)/sub\($0 % 7)/file \($0) (x).swift", 1, 1) }
            + (0..<10).map { ReportFixtures.text(.added, "top \($0).md", 1, 0) }
        let report = ReportFixtures.report(changes)
        let whole = Self.render(report, links: try Self.links())
        #expect(whole.count > 8192)
        let limited = Self.render(report, links: try Self.links(), maxBytes: 8192)
        #expect(limited.count <= 8192)
        #expect(try CommonMark.parse(limited, .gitHub).all.contains { $0.kind == "link" })
    }

    @Test func aTitleReplacesTheComparisonAndTheCountsStay() throws {
        let report = ReportFixtures.report(ReportFixtures.example)
        var output: [UInt8] = []
        let title = "feature `x` → main\n</details> [y](z) *"
        MarkdownRenderer().render(report, options: RenderOptions(markdownTitle: title), into: &output)
        let heading = try #require(try CommonMark.parse(output, .gitHub).children.first)
        let usual = try #require(try CommonMark.parse(Self.render(report, links: nil), .gitHub).children.first)
        #expect(heading.kind == "heading")
        #expect(heading.children.map(\.kind) == ["code", "text"])
        #expect(heading.children.first?.literal == "feature `x` → main\\n</details> [y](z) *")
        #expect(heading.children.last?.literal == usual.children.last?.literal)
        #expect(usual.children.first?.literal == "main...feature")
    }
}

/// ``LinkTemplate`` on its own: what it refuses, and what a path becomes in a URL.
@Suite struct LinkTemplateTests {
    @Test(arguments: [
        ("", "the template is empty"),
        ("https://x/{nope}", "unknown placeholder '{nope}': expected {path}, {sha256} or {commit}"),
        ("https://x/{path", "'{' at byte 11 has no '}': the placeholders are {path}, {sha256} and {commit}"),
        ("https://x/}", "a URL cannot hold '}' (byte 11): percent-encode it"),
        ("https://x/a b", "a URL cannot hold ' ' (byte 12): percent-encode it"),
        ("https://x/<b>", "a URL cannot hold '<' (byte 11): percent-encode it"),
        ("https://x/a\\b", "a URL cannot hold '\\' (byte 12): percent-encode it"),
        ("https://x/`", "a URL cannot hold '`' (byte 11): percent-encode it"),
        ("https://x/\n", "a URL cannot hold '\\n' (byte 11): percent-encode it"),
        ("https://x/é", "a URL cannot hold 'non-ASCII' (byte 11): percent-encode it"),
        ("https://x/{{path}}", "unknown placeholder '{{path}': expected {path}, {sha256} or {commit}"),
    ])
    func badTemplatesAreRefused(template: String, message: String) {
        do {
            _ = try LinkTemplate(parsing: template)
            Issue.record("'\(template)' was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func everyByteOfAPathIsEncodedButUnreservedOnes() throws {
        let links = try LinkTemplate(parsing: "{path}")
        for byte in UInt8.min...UInt8.max {
            let url = String(decoding: links.url(path: [byte], status: .modified), as: UTF8.self)
            let keeps = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "-._~/".utf8.contains(byte)
            let hex = String(byte, radix: 16, uppercase: true)
            #expect(url == (keeps ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + hex), "\(byte)")
        }
    }

    @Test func placeholdersAreFilledAndTheDestinationEscapesWhatMarkdownReads() throws {
        var links = try LinkTemplate(parsing: "https://g.com/o/r/blob/{commit}/{path}?a=(1)&b={sha256}{path}")
        links.newCommit = "new"
        links.oldCommit = "old"
        let path = Array("a b/ü(1).c".utf8)
        let sha = SHA256.hex(path)
        #expect(String(decoding: links.url(path: path, status: .added), as: UTF8.self)
            == "https://g.com/o/r/blob/new/a%20b/%C3%BC%281%29.c?a=(1)&b=\(sha)a%20b/%C3%BC%281%29.c")
        #expect(String(decoding: links.url(path: path, status: .deleted), as: UTF8.self).hasPrefix("https://g.com/o/r/blob/old/"))
        #expect(String(decoding: links.markdownDestination(path: path, status: .renamed), as: UTF8.self)
            == "https://g.com/o/r/blob/new/a%20b/%C3%BC%281%29.c?a=\\(1\\)&amp;b=\(sha)a%20b/%C3%BC%281%29.c")
        #expect(links.usesCommit)
        #expect(!(try LinkTemplate(parsing: "#diff-{sha256}")).usesCommit)
    }
}
