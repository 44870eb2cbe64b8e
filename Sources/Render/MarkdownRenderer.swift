import TreeModel

/// The `markdown` format, for a GitHub step summary or a pull-request comment: a heading,
/// a table of the totals, then the tree, each top-level directory a collapsed `<details>`
/// block whose summary line is its roll-up, holding its contents as a nested list.
///
///     ### `main...feature` · 15 files changed
///
///     | 🟩 added | 🟨 modified | files | lines |
///     |--:|--:|--:|--:|
///     | 4 | 11 | 15 | +98 −36 |
///
///     <details>
///     <summary>📁 <code>Sources/App/</code> · 10 files: 4 added, 6 modified · +89 −25</summary>
///
///     - 📁 `Model/` · 3 files · +23
///       - 🟩 A `Cache.swift` · +12
///     …
///     </details>
///
///     - 🟨 M `README.md` · +4
///
/// Names cannot become markup (``MarkdownText``). The report never takes more than
/// ``RenderOptions/markdownMaxBytes``: when the tree does not fit, directories are rolled up,
/// the deepest first, and a line says how many; when even the top level does not fit, the
/// totals are shown alone, with a line saying so. Rows follow the view: `--depth` and a
/// search shape them as they shape the tree format.
///
/// It renders into one buffer and is handed on whole (``ReportRenderer``'s default
/// `render(_:options:to:)`): its output is bounded by the byte limit, and fitting it needs
/// every row measured before the first is written.
public struct MarkdownRenderer: ReportRenderer, Sendable {
    /// The default byte limit: below the 1 MiB GitHub accepts for a step summary.
    public static let defaultMaxBytes = 1_000_000
    /// The smallest byte limit: room for the heading, the totals and a note, whatever they hold.
    public static let smallestMaxBytes = 4096
    /// The longest title or search query shown, in bytes before escaping; a longer one is cut.
    static let longestName = 256

    /// Decorations and roll-ups the report does not know of itself.
    public let annotator: (any MarkdownRowAnnotator)?

    public init(annotator: (any MarkdownRowAnnotator)? = nil) {
        self.annotator = annotator
    }

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        let maxBytes = max(options.markdownMaxBytes, Self.smallestMaxBytes)
        var text = MarkdownText()
        swap(&text.bytes, &output)
        defer { swap(&text.bytes, &output) }
        let start = text.bytes.count
        appendHeading(report, to: &text)
        let folded = report.annotations?.foldedRows(of: report.view)
        guard report.view.total.files > 0 || folded != nil else { return }
        if report.view.total.files > 0 { appendTotals(report, to: &text) }
        if options.markdownGroupsByOwner, let annotations = report.annotations, annotations.hasOwners {
            appendOwnerSections(report, annotations: annotations, room: maxBytes - (text.bytes.count - start), to: &text)
            return
        }
        var layout = MarkdownLayout(view: report.view, linesCounted: report.linesCounted, annotator: rowAnnotator(for: report),
                                    folded: folded)
        let head = text.bytes.count - start
        if head + layout.bytes <= maxBytes {
            layout.write(to: &text)
            return
        }
        let files = report.view.total.files
        let noteRoom = max(Self.note(rolledUp: layout.rows.count, maxBytes: maxBytes).count,
                           Self.note(files: files, maxBytes: maxBytes).count)
        if layout.fit(within: maxBytes - head - noteRoom) {
            text.bytes.append(contentsOf: Self.note(rolledUp: layout.rolledUpShown, maxBytes: maxBytes))
            layout.write(to: &text)
        } else {
            text.bytes.append(contentsOf: Self.note(files: files, maxBytes: maxBytes))
        }
    }

    /// The annotator of the rows: the report's owners and generated marks when it shows
    /// them (``MarkdownAnnotations``), then ``annotator``'s decorations.
    func rowAnnotator(for report: Report) -> (any MarkdownRowAnnotator)? {
        guard let annotations = report.annotations, annotations.showsOwners || annotations.includesGenerated else {
            return annotator
        }
        return MarkdownAnnotations(annotations: annotations, inner: annotator)
    }

    /// `12 directories shown rolled up to fit 1,000,000 bytes (`--max-bytes`).`
    static func note(rolledUp count: Int, maxBytes: Int) -> [UInt8] {
        var text = MarkdownText()
        text.appendGroupedNumber(count)
        text.appendWords(count == 1 ? " directory" : " directories")
        text.appendWords(" shown rolled up to fit ")
        text.appendGroupedNumber(maxBytes)
        text.appendMarkup(" bytes (`--max-bytes`).\n\n")
        return text.bytes
    }

    /// `The tree of 100,000 files does not fit in 65,536 bytes (`--max-bytes`): only the totals are shown.`
    static func note(files: Int, maxBytes: Int) -> [UInt8] {
        var text = MarkdownText()
        text.appendWords("The tree of ")
        text.appendGroupedNumber(files)
        text.appendWords(files == 1 ? " file" : " files")
        text.appendWords(" does not fit in ")
        text.appendGroupedNumber(maxBytes)
        text.appendMarkup(" bytes (`--max-bytes`): only the totals are shown.\n\n")
        return text.bytes
    }
}
