import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One node of a Markdown document as a real CommonMark implementation parsed it: its kind
/// (`heading`, `list`, `item`, `paragraph`, `text`, `code`, `html_block`, `link`, `table`,
/// …), its attributes (`level`, `destination`) and, for a leaf, its literal text.
public struct MarkdownNode: Sendable {
    /// The kind of node, as the CommonMark XML names it.
    public var kind: String
    /// Its attributes (`level` of a heading, `destination` of a link, `type` of a list).
    public var attributes: [String: String]
    /// The literal text of a `text`, `code`, `code_block`, `html_block` or `html_inline` node.
    public var literal: String
    /// Its children, in order.
    public var children: [MarkdownNode]

    /// The node and every node below it, depth first.
    public var all: [MarkdownNode] { [self] + children.flatMap(\.all) }

    /// The text of the node's `text` and `code` descendants, joined.
    public var plainText: String {
        kind == "text" || kind == "code" ? literal : children.map(\.plainText).joined()
    }

    /// The kinds of every node below, counted.
    public var kindCounts: [String: Int] {
        all.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }
}

/// Parses Markdown with Debian's `cmark` (CommonMark) or `cmark-gfm` with the extensions
/// GitHub enables (tables, autolinks, strikethrough, the tag filter), through their XML
/// output (`--to xml`).
public enum CommonMark {
    /// Which implementation reads the document.
    public enum Dialect: String, Sendable, CaseIterable {
        /// `cmark`: CommonMark alone.
        case commonMark
        /// `cmark-gfm -e table -e autolink -e strikethrough -e tagfilter`: what GitHub renders.
        case gitHub
    }

    /// The document `markdown` is, as `dialect` reads it.
    public static func parse(_ markdown: [UInt8], _ dialect: Dialect) throws -> MarkdownNode {
        let result = switch dialect {
        case .commonMark: try Shell.run("cmark", ["--to", "xml"], input: markdown)
        case .gitHub:
            try Shell.run("cmark-gfm", ["-e", "table", "-e", "autolink", "-e", "strikethrough", "-e", "tagfilter",
                                        "--to", "xml"], input: markdown)
        }
        guard result.status == 0 else {
            throw ShellError(message: "\(dialect) failed (are cmark and cmark-gfm installed?): \(result.error)")
        }
        let reader = XMLTreeReader()
        let parser = XMLParser(data: Data(result.output))
        parser.delegate = reader
        guard parser.parse(), let document = reader.stack.first?.children.first else {
            throw ShellError(message: "unreadable XML from \(dialect): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        return document
    }
}

/// Builds ``MarkdownNode`` values from XML parser events.
private final class XMLTreeReader: NSObject, XMLParserDelegate {
    var stack = [MarkdownNode(kind: "", attributes: [:], literal: "", children: [])]

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        stack.append(MarkdownNode(kind: elementName, attributes: attributes, literal: "", children: []))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack[stack.count - 1].literal += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        var node = stack.removeLast()
        if !node.children.isEmpty { node.literal = "" }
        stack[stack.count - 1].children.append(node)
    }
}
