import Foundation
import TreeModel

/// The Markdown format read back from the document `cmark-gfm` parsed (``CommonMark``): the
/// heading, the totals table, the note, and every row of the tree (from the `<summary>` of
/// each top-level `<details>` block and the nested lists), as a ``RenderedTree`` so that a
/// test compares what a reader sees with git's answer the way it does for the tree format.
///
/// It reads the layout `Docs/CLI.md` (`--format`) describes, takes names only from code spans and
/// `<code>` elements (undoing their entities and the terminal escaping), and fails on
/// anything else: a node kind the format never makes, a `<details>` block that is not closed.
public struct RenderedMarkdown: Sendable {
    /// The title in the heading (`main...feature`).
    public var title: String
    /// The heading's words after the title (`15 files changed`, `no changes`).
    public var headline: String
    /// The totals table: each column's heading (`🟩 added`, `files`, `lines`) and value.
    public var totals: [(column: String, value: String)]
    /// The paragraph between the table and the tree, when there is one.
    public var note: String?
    /// The header and rows, as the tree format's would read.
    public var tree: RenderedTree
    /// The number of top-level `<details>` blocks.
    public var detailsBlocks: Int
    /// For each rolled-up directory row (by index in `tree.rows`): whether it is rolled up.
    public var rolledUp: Set<Int>
    /// The heading's ` · 12 generated files not counted`, without its separator and ` not counted`.
    public var notCounted: String?
    /// The heading's ` · 3 of 12 viewed`, when shown.
    public var viewed: RenderedHeader.ViewedCount?
    /// The rows that stand for generated and vendored files: the directory they are in, or
    /// the folded directory, and what they say (`2 vendored files`; one file named:
    /// `1 generated file: yarn.lock`).
    public var folded: [(path: String, label: String)]
    /// With `--owners`: the owners shown after each file and directory row, by path
    /// (`unowned` and `(some unowned)` as words).
    public var owners: [String: [String]]

    /// Reads `markdown`.
    public init(parsing markdown: [UInt8]) throws {
        let document = try CommonMark.parse(markdown, .gitHub)
        var blocks = document.children[...]
        guard let heading = blocks.popFirst(), heading.kind == "heading", heading.attributes["level"] == "3",
              let titleNode = heading.children.first, titleNode.kind == "code" else {
            throw Self.failure("no heading with a code span first")
        }
        title = titleNode.literal
        headline = heading.children.dropFirst().map(\.plainText).joined()
        guard headline.hasPrefix(" · ") else { throw Self.failure("heading: \(headline)") }
        headline.removeFirst(3)
        if let note = headline.firstMatch(of: /\ · (?<viewed>\d+) of (?<files>\d+) viewed$/) {
            viewed = RenderedHeader.ViewedCount(viewed: Int(note.output.viewed)!, files: Int(note.output.files)!)
            headline.removeSubrange(note.range)
        }
        if let note = headline.firstMatch(of: /\ · (?<label>\d+ (?:generated|vendored)[^·]*) not counted$/) {
            notCounted = String(note.output.label)
            headline.removeSubrange(note.range)
        }
        totals = []
        if let table = blocks.first, table.kind == "table" {
            blocks.removeFirst()
            let header = table.children[0].children.map(\.plainText)
            let values = table.children[1].children.map(\.plainText)
            totals = Array(zip(header, values))
        }
        if let paragraph = blocks.first, paragraph.kind == "paragraph" {
            blocks.removeFirst()
            note = paragraph.plainText
        }
        var reader = RowReader()
        detailsBlocks = 0
        while let block = blocks.popFirst() {
            switch block.kind {
            case "list":
                try reader.read(block, level: 0, parent: [])
            case "html_block":
                let directory = try reader.readSummary(block.literal)
                guard let list = blocks.popFirst(), list.kind == "list" else { throw Self.failure("a <details> block without a list") }
                try reader.read(list, level: 1, parent: directory)
                guard blocks.popFirst()?.literal == "</details>\n" else { throw Self.failure("a <details> block not closed") }
                detailsBlocks += 1
            default:
                throw Self.failure("a \(block.kind) in the tree")
            }
        }
        rolledUp = reader.rolledUp
        folded = reader.folded
        owners = reader.owners
        tree = RenderedTree(header: try Self.header(title: title, headline: headline, totals: totals), rows: reader.rows)
        tree.header.viewed = viewed
    }

    /// The header the tree format would print for the same figures.
    private static func header(title: String, headline: String, totals: [(column: String, value: String)]) throws -> RenderedHeader {
        var pieces = headline.split(separator: " · ", omittingEmptySubsequences: false).map(String.init)
        let count = pieces.removeFirst()
        var line = "\(title) · \(count == "no changes counted" ? "no changes" : count)"
        if let lines = totals.first(where: { $0.column == "lines" })?.value {
            let plus = lines.firstMatch(of: /\+(\d+)/).map { String($0.output.1) } ?? "0"
            let minus = lines.firstMatch(of: /−(\d+)/).map { String($0.output.1) } ?? "0"
            line += ", +\(plus) −\(minus)"
        }
        let counts = totals.filter { !["files", "lines"].contains($0.column) }.map { total in
            "\(total.value) \(total.column.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "")"
        }
        if !counts.isEmpty { line += " (\(counts.joined(separator: ", ")))" }
        var header = try RenderedHeader(parsing: line)
        header.filters = pieces.map { $0.hasPrefix("matching ") ? "matching '\($0.dropFirst("matching ".count))'" : $0 }
        return header
    }

    static func failure(_ reason: String) -> RenderedTreeError {
        RenderedTreeError(line: 0, text: "", reason: reason)
    }
}

/// Reads list items and `<summary>` lines into rows.
private struct RowReader {
    var rows: [RenderedTree.Row] = []
    var rolledUp: Set<Int> = []
    var folded: [(path: String, label: String)] = []
    var owners: [String: [String]] = [:]

    static let letters: [String: Character] = [
        "added": "A", "modified": "M", "deleted": "D", "renamed": "R", "copied": "C",
        "type changed": "T", "untracked": "?", "unmerged": "U",
    ]

    /// Reads a top-level directory's `<details>` opening; returns its path pieces.
    mutating func readSummary(_ html: String) throws -> [UInt8] {
        guard let match = html.wholeMatch(of: /<details>\n<summary>📁 <code>(?<label>[^<>]*)\/<\/code>(?<rest>[^<>]*?)(?<owners> · (?:(?:<code>[^<>]*<\/code> ?)+(?: \(some unowned\))?|unowned))?<\/summary>\n/) else {
            throw RenderedMarkdown.failure("unreadable <details> opening: \(html)")
        }
        let label = Self.decodingEntities(String(match.output.label))
        let path = RenderedTree.unescaped(Substring(label))
        if let shown = match.output.owners {
            owners[String(decoding: path, as: UTF8.self)] = shown.dropFirst(3).matches(of: /<code>(?<name>[^<>]*)<\/code>|(?<word>unowned|\(some unowned\))/)
                .map { $0.output.name.map { Self.decodingEntities(String($0)) } ?? String($0.output.word ?? "") }
        }
        try appendDirectory(path: path, level: 0, figures: String(match.output.rest), open: true, text: html)
        return path
    }

    /// Reads the items of `list`, on `level`, inside directory `parent` (its path).
    mutating func read(_ list: MarkdownNode, level: Int, parent: [UInt8]) throws {
        for item in list.children {
            guard let paragraph = item.children.first, paragraph.kind == "paragraph" else {
                throw RenderedMarkdown.failure("a list item without a paragraph")
            }
            var names: [String] = []
            var shape = ""
            for inline in paragraph.children {
                switch inline.kind {
                case "code":
                    shape += "\u{1}\(names.count)\u{2}"
                    names.append(inline.literal)
                case "text": shape += inline.literal
                default: throw RenderedMarkdown.failure("a \(inline.kind) in a list item: \(paragraph.plainText)")
                }
            }
            let prefix = parent.isEmpty ? [] : parent + [UInt8(ascii: "/")]
            var rowOwners: [String]?
            if let shown = shape.firstMatch(of: /\ · (?<spans>(?:\u{1}\d+\u{2} ?)+(?: \(some unowned\))?|unowned)$/),
               shape[..<shown.range.lowerBound].contains("\u{1}0\u{2}") {
                rowOwners = shown.output.spans.matches(of: /\u{1}(?<index>\d+)\u{2}|(?<word>unowned|\(some unowned\))/)
                    .map { $0.output.index.map { names[Int($0)!] } ?? String($0.output.word ?? "") }
                shape.removeSubrange(shown.range)
                names = Array(names.prefix((0..<names.count).prefix { shape.contains("\u{1}\($0)\u{2}") }.count))
            }
            if let files = shape.wholeMatch(of: /(?<label>\d+ (?:generated|vendored)[^·]*), not counted(?: · .*)?/) {
                folded.append((String(decoding: parent, as: UTF8.self), String(files.output.label)))
                continue
            }
            if let file = shape.wholeMatch(of: /\u{1}0\u{2} · (?<kind>generated|vendored), not counted(?: · .*)?/) {
                folded.append((String(decoding: parent, as: UTF8.self), "1 \(file.output.kind) file: \(names[0])"))
                continue
            }
            if let directory = shape.wholeMatch(of: /📁 \u{1}0\u{2} · (?<label>\d+ (?:generated|vendored)[^·]*), not counted(?<only>: \u{1}1\u{2})?(?: · .*)?/) {
                folded.append((String(decoding: prefix + RenderedTree.unescaped(names[0].dropLast()), as: UTF8.self),
                               String(directory.output.label) + (directory.output.only == nil ? "" : ": \(names[1])")))
                continue
            }
            if let rowOwners {
                let name = RenderedTree.unescaped(shape.hasPrefix("📁 ") ? names[0].dropLast() : Substring(names[0]))
                owners[String(decoding: prefix + name, as: UTF8.self)] = rowOwners
            }
            if let directory = shape.wholeMatch(of: /📁 \u{1}0\u{2}(?<rest>.*)/) {
                guard names[0].hasSuffix("/") else { throw RenderedMarkdown.failure("a directory without its slash") }
                let path = prefix + RenderedTree.unescaped(names[0].dropLast())
                let nested = item.children.dropFirst()
                try appendDirectory(path: path, level: level, figures: String(directory.output.rest), open: !nested.isEmpty,
                                    text: paragraph.plainText)
                if let sublist = nested.first { try read(sublist, level: level + 1, parent: path) }
            } else {
                try appendFile(shape, names: names, path: prefix + RenderedTree.unescaped(Substring(names[0])), level: level,
                               text: paragraph.plainText)
            }
        }
    }

    private mutating func appendFile(_ shape: String, names: [String], path: [UInt8], level: Int, text: String) throws {
        let pattern = /(?:(?<square>\S+) (?<letter>\S) )?\u{1}0\u{2}(?: ← \u{1}1\u{2}(?: \((?<similarity>\d+)%\))?)?(?: \((?<mode>(?:mode \d+|file|symlink|submodule|executable) → [^)]+)\))?(?: \(submodule [^)]*\))?(?<stat> · .*)?/
        guard let match = shape.wholeMatch(of: pattern) else { throw RenderedMarkdown.failure("unreadable file item: \(text)") }
        let stat = Self.stat(match.output.stat.map(String.init))
        rows.append(RenderedTree.Row(
            level: level, isDirectory: false, path: RawPath(bytes: path), status: match.output.letter?.first,
            origin: names.count > 1 ? RawPath(bytes: RenderedTree.unescaped(Substring(names[1]))) : nil,
            similarity: match.output.similarity.flatMap { Int($0) }, modeChange: match.output.mode.map(String.init),
            rollUp: nil, insertions: stat.insertions, deletions: stat.deletions, binary: stat.binary, text: text))
    }

    private mutating func appendDirectory(path: [UInt8], level: Int, figures: String, open: Bool, text: String) throws {
        let pattern = /\ · (?<files>\d+) files?(?<rolled> rolled up)?(?:: (?<statuses>[^·]*))?(?<stat> · .*)?/
        guard let match = figures.wholeMatch(of: pattern) else { throw RenderedMarkdown.failure("unreadable directory: \(text)") }
        var statuses: [Character: Int] = [:]
        for part in (match.output.statuses ?? "").split(separator: ", ") {
            let words = part.split(separator: " ", maxSplits: 1)
            guard words.count == 2, let count = Int(words[0]), let letter = Self.letters[String(words[1])] else {
                throw RenderedMarkdown.failure("unreadable count '\(part)'")
            }
            statuses[letter] = count
        }
        let stat = Self.stat(match.output.stat.map(String.init))
        if match.output.rolled != nil { rolledUp.insert(rows.count) }
        guard (match.output.rolled != nil) == !open else { throw RenderedMarkdown.failure("open and rolled up: \(text)") }
        rows.append(RenderedTree.Row(
            level: level, isDirectory: true, path: RawPath(bytes: path), status: nil, origin: nil, similarity: nil,
            modeChange: nil, rollUp: open ? nil : (Int(match.output.files)!, statuses),
            insertions: stat.insertions, deletions: stat.deletions, binary: stat.binary, text: text))
    }

    /// ` · +12 −3`, ` · −3`, ` · binary` or nothing.
    private static func stat(_ text: String?) -> (insertions: Int?, deletions: Int?, binary: Bool) {
        guard let text else { return (nil, nil, false) }
        if text == " · binary" { return (nil, nil, true) }
        return (text.firstMatch(of: /\+(\d+)/).flatMap { Int($0.output.1) },
                text.firstMatch(of: /−(\d+)/).flatMap { Int($0.output.1) }, false)
    }

    /// HTML text with its five entities decoded.
    static func decodingEntities(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

extension RenderedTree {
    /// A tree read from another format.
    init(header: RenderedHeader, rows: [Row]) {
        self.header = header
        self.rows = rows
    }
}
