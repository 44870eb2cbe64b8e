import Annotations
import TreeModel

/// Markdown being written, with appenders that cannot let a name become markup.
///
/// A name (a path piece, an old path, the comparison's title, a search query) is never
/// written as Markdown text: it goes into a code span, or, inside the HTML of a
/// `<summary>`, into a `<code>` element with `&`, `<`, `>`, `"` and `'` written as
/// entities. In a code span nothing is markup (no emphasis, link, autolink, HTML, entity,
/// heading, list marker or table break), and GitHub does not turn `@name`, `#12` or
/// `:emoji:` into links or pictures there, which backslash escapes cannot prevent. The
/// span's backtick fence is one longer than the longest run of backticks in the name, and a
/// space pads each side when the name starts or ends with a backtick or a space.
///
/// Before that, the name is made visible as ``TerminalText`` makes it (controls as `\n`,
/// `\e`, `\x07`, `\u{9b}`; invalid UTF-8 as `\xff`), and bidirectional formatting
/// characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which could reorder
/// what follows on the page, are shown as `\u{202e}`. Other text comes only from the
/// renderer's own literals (``appendWords(_:)``) and numbers.
public struct MarkdownText {
    /// The Markdown written so far.
    public internal(set) var bytes: [UInt8] = []
    /// Whether names are written for the inside of an HTML element (a `<summary>`).
    var insideHTML = false
    private var scratch: [UInt8] = []

    init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// Appends `name` so that it shows as exactly its (escaped) text.
    mutating func appendName(_ name: some Collection<UInt8>) {
        if let done = name.withContiguousStorageIfAvailable({ appendName(buffer: $0) }) { return done }
        Array(name).withUnsafeBufferPointer { appendName(buffer: $0) }
    }

    /// Appends `name` as ``appendName(_:)`` does, as the text of a link to `destination`
    /// (``LinkTemplate/markdownDestination(path:status:)``: nothing in it ends the link);
    /// inside HTML, the name alone.
    mutating func appendLink(_ name: some Collection<UInt8>, to destination: [UInt8]) {
        guard !insideHTML else { return appendName(name) }
        bytes.append(UInt8(ascii: "["))
        appendName(name)
        bytes.append("](")
        bytes.append(contentsOf: destination)
        bytes.append(UInt8(ascii: ")"))
    }

    /// Appends a literal of the renderer's own: words, digits, spaces and punctuation that
    /// is not markup where it stands (`,`, `.`, `:`, `(`, `)`, `·`, `←`, `→`, `−`, `+`, `%`).
    mutating func appendWords(_ words: StaticString) {
        assert(Self.isPlain(words), "markup in words: \(words)")
        bytes.append(words)
    }

    /// Appends `value` in decimal.
    mutating func appendNumber(_ value: Int) {
        bytes.append(decimal: value)
    }

    /// Appends `value` in decimal with a comma between groups of three digits (`1,000,000`).
    mutating func appendGroupedNumber(_ value: Int) {
        let digits = String(value.magnitude)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        for (index, digit) in digits.utf8.enumerated() {
            if index > 0 && (digits.utf8.count - index) % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(digit)
        }
    }

    /// Appends markup of the renderer's own (list markers, HTML tags, table rows).
    mutating func appendMarkup(_ markup: StaticString) {
        bytes.append(markup)
    }

    /// Appends `count` spaces.
    mutating func appendSpaces(_ count: Int) {
        bytes.append(spaces: count)
    }

    private mutating func appendName(buffer name: UnsafeBufferPointer<UInt8>) {
        if !insideHTML, let padded = Self.plainCodeSpanPadding(name) {
            if padded { bytes.append("` ") } else { bytes.append(UInt8(ascii: "`")) }
            bytes.append(contentsOf: name)
            if padded { bytes.append(" `") } else { bytes.append(UInt8(ascii: "`")) }
            return
        }
        scratch.removeAll(keepingCapacity: true)
        TerminalText.append(name, to: &scratch)
        if insideHTML {
            bytes.append("<code>")
            Self.appendHTMLEscaped(scratch, to: &bytes)
            bytes.append("</code>")
        } else {
            Self.appendCodeSpan(scratch, to: &bytes)
        }
    }

    /// For a name of printable ASCII without a backtick, whose escaped form is itself: whether
    /// its code span needs padding; `nil` for any other name.
    @inline(__always)
    private static func plainCodeSpanPadding(_ name: UnsafeBufferPointer<UInt8>) -> Bool? {
        for byte in name where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "`") { return nil }
        guard let first = name.first, let last = name.last else { return false }
        let space = UInt8(ascii: " ")
        return (first == space || last == space) && name.contains { $0 != space }
    }

    /// Appends visible text (no controls) as a code span.
    static func appendCodeSpan(_ text: [UInt8], to output: inout [UInt8]) {
        var longest = 0, run = 0
        for byte in text {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let space = UInt8(ascii: " "), backtick = UInt8(ascii: "`")
        let edges = [text.first, text.last].compactMap { $0 }
        let padded = edges.contains { $0 == space || $0 == backtick } && text.contains { $0 != space }
        output.append(contentsOf: repeatElement(backtick, count: longest + 1))
        if padded { output.append(space) }
        output.append(contentsOf: text)
        if padded { output.append(space) }
        output.append(contentsOf: repeatElement(backtick, count: longest + 1))
    }

    /// Appends visible text with HTML's special characters as entities.
    static func appendHTMLEscaped(_ text: [UInt8], to output: inout [UInt8]) {
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            case UInt8(ascii: "'"): output.append("&#39;")
            default: output.append(byte)
            }
        }
    }

    /// Whether a literal holds no character that is markup in text or HTML.
    private static func isPlain(_ words: StaticString) -> Bool {
        words.withUTF8Buffer { buffer in
            !buffer.contains { "*_`[]<>&\\|!#~=\"'".utf8.contains($0) }
        }
    }
}

/// What a report's ``ReportAnnotations`` add to its Markdown rows, as ``MarkdownRowAnnotator``
/// decorations: with `--owners`, a file's code owners after its figures
/// (`` · `@org/team` `@user` ``, or ` · unowned`) and on a directory the owners of the files
/// below it (with ` (some unowned)` when some have none); with `--include-generated`,
/// ` · generated` or ` · vendored` after such a file. Owners are names: code, never markup.
/// Another annotator's decorations follow.
struct MarkdownAnnotations: MarkdownRowAnnotator {
    let annotations: ReportAnnotations
    let inner: (any MarkdownRowAnnotator)?

    func annotate(_ row: VisibleRow, in view: TreeView, into text: inout MarkdownText) {
        if !row.isDirectory && annotations.includesGenerated {
            let kinds = annotations.kinds(ofFile: row.node)
            if kinds.contains(.generated) { text.appendWords(" · generated") }
            if kinds.contains(.vendored) { text.appendWords(" · vendored") }
        }
        if annotations.showsOwners {
            if row.isDirectory, let owners = annotations.owners(ofDirectory: row.node) {
                Self.append(owners.owners, someUnowned: owners.hasUnownedFiles, to: &text)
            } else if !row.isDirectory, let owners = annotations.owners(ofFile: row.node) {
                Self.append(owners, someUnowned: owners.isEmpty, to: &text)
            }
        }
        inner?.annotate(row, in: view, into: &text)
    }

    func rollsUp(_ row: VisibleRow, in view: TreeView) -> Bool {
        inner?.rollsUp(row, in: view) ?? false
    }

    /// `` · `@a` `@b` ``, then ` (some unowned)`; ` · unowned` for none.
    static func append(_ owners: [String], someUnowned: Bool, to text: inout MarkdownText) {
        text.appendWords(" · ")
        for (index, owner) in owners.enumerated() {
            if index > 0 { text.appendWords(" ") }
            text.appendName(Array(owner.utf8))
        }
        if someUnowned { text.appendWords(owners.isEmpty ? "unowned" : " (some unowned)") }
    }
}
