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
/// Names cannot become markup (``MarkdownText``). With ``RenderOptions/markdownTitle`` the
/// heading shows that text instead of the comparison's title; with
/// ``RenderOptions/markdownLinks`` each file's name links to its URL (``LinkTemplate``),
/// counted in the byte limit like the rest. The report never takes more than
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
        var report = report
        if let title = options.markdownTitle { report.comparison.title = title }
        let links = options.markdownLinks
        let maxBytes = max(options.markdownMaxBytes, Self.smallestMaxBytes)
        var text = MarkdownText()
        swap(&text.bytes, &output)
        defer { swap(&text.bytes, &output) }
        let start = text.bytes.count
        appendHeading(report, to: &text)
        let folded = report.annotations?.foldedRows(of: report.view)
        guard report.view.total.files > 0 || folded != nil else { return }
        if report.view.total.files > 0 { appendTotals(report, to: &text) }
        if let packages = report.packages, !packages.groups.isEmpty {
            appendPackageSections(report, packages, links: links, room: maxBytes - (text.bytes.count - start), to: &text)
            return
        }
        if let groups = report.groups, !groups.sections.isEmpty {
            appendGroupSections(report, groups, links: links, room: maxBytes - (text.bytes.count - start), to: &text)
            return
        }
        if options.markdownGroupsByOwner, let annotations = report.annotations, annotations.hasOwners {
            appendOwnerSections(report, annotations: annotations, links: links, room: maxBytes - (text.bytes.count - start), to: &text)
            return
        }
        var layout = MarkdownLayout(view: report.view, linesCounted: report.linesCounted, annotator: rowAnnotator(for: report),
                                    folded: folded, links: links)
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

extension MarkdownRenderer {
    /// The heading, as the tree's header says it: ``### `main...feature` · 15 files changed``,
    /// or `· no changes`; with filters, `· 3 of 15 files changed · status C · owner `@x``;
    /// then, when generated or vendored files are left out of the counts,
    /// ` · 12 generated files not counted`; then ` · 3 of 12 viewed` when marks are in use.
    func appendHeading(_ report: Report, to text: inout MarkdownText) {
        let total = report.view.total
        let filters = report.filters
        let leftOut = report.annotations?.leftOut(below: FileTree.root) ?? LeftOutFiles()
        text.appendMarkup("### ")
        Self.appendCapped(Array(report.comparison.title.utf8), to: &text)
        text.appendWords(" · ")
        if !filters.isEmpty {
            text.appendNumber(total.files)
            text.appendWords(" of ")
            text.appendNumber(filters.comparisonFiles)
            text.appendWords(filters.comparisonFiles == 1 ? " file changed" : " files changed")
        } else if total.files > 0 {
            text.appendNumber(total.files)
            text.appendWords(total.files == 1 ? " file changed" : " files changed")
        } else {
            text.appendWords(leftOut.files > 0 ? "no changes counted" : "no changes")
        }
        for filter in filters.filters {
            text.appendWords(" · ")
            for piece in filter.pieces {
                switch piece {
                case .words(let words): text.bytes.append(contentsOf: words.utf8)
                case .name(let name), .quoted(let name): Self.appendCapped(Array(name.utf8), to: &text)
                }
            }
        }
        if leftOut.files > 0 {
            text.appendWords(" · ")
            text.bytes.append(contentsOf: leftOut.label.utf8)
            text.appendWords(" not counted")
        }
        if let progress = report.viewedProgress {
            text.appendWords(" · ")
            text.appendNumber(progress.viewed)
            text.appendWords(" of ")
            text.appendNumber(progress.files)
            text.appendWords(" viewed")
        }
        if let groups = report.groups { Self.appendChangedGroups(groups, to: &text) }
        text.appendMarkup("\n\n")
    }

    /// The totals as a one-row table: a column per status present (its square and name),
    /// binary files, files, and the line totals when lines were counted.
    func appendTotals(_ report: Report, to text: inout MarkdownText) {
        let total = report.view.total
        let statuses = ChangeStatus.markdownOrder.filter { total.count($0) > 0 }
        let binary = report.linesCounted ? total.binary.flatMap { $0 > 0 ? $0 : nil } : nil
        let lines = report.linesCounted ? total.insertions.flatMap { insertions in total.deletions.map { (insertions, $0) } } : nil
        for status in statuses {
            text.appendMarkup("| ")
            text.appendMarkup(status.markdownSquare)
            text.appendWords(" ")
            text.appendWords(status.words)
            text.appendMarkup(" ")
        }
        if binary != nil { text.appendMarkup("| binary ") }
        text.appendMarkup("| files ")
        if lines != nil { text.appendMarkup("| lines ") }
        text.appendMarkup("|\n|")
        let columns = statuses.count + (binary == nil ? 0 : 1) + 1 + (lines == nil ? 0 : 1)
        for _ in 0..<columns { text.appendMarkup("--:|") }
        text.appendMarkup("\n")
        for status in statuses {
            text.appendMarkup("| ")
            text.appendNumber(total.count(status))
            text.appendMarkup(" ")
        }
        if let binary {
            text.appendMarkup("| ")
            text.appendNumber(binary)
            text.appendMarkup(" ")
        }
        text.appendMarkup("| ")
        text.appendNumber(total.files)
        text.appendMarkup(" ")
        if let (insertions, deletions) = lines {
            text.appendMarkup("| ")
            MarkdownRowWriter.appendLineCounts(insertions: insertions, deletions: deletions, to: &text)
            text.appendMarkup(" ")
        }
        text.appendMarkup("|\n\n")
    }

    /// Appends `name` as a name, cut to ``longestName`` bytes (at a character's start) and
    /// followed by `…` when it is longer.
    static func appendCapped(_ name: [UInt8], to text: inout MarkdownText) {
        guard name.count > longestName else { return text.appendName(name) }
        var end = longestName
        while end > longestName - 3 && name[end] & 0xC0 == 0x80 { end -= 1 }
        text.appendName(name[..<end])
        text.appendWords("…")
    }
}

extension MarkdownRenderer {
    /// `--group-by owner`: after the totals, the line saying which CODEOWNERS file, of which
    /// side, gave the owners, then one section per code owner, sorted, then
    /// `unowned`: a heading with the owner as code and its file count, then the owner's
    /// counted files by path. A file with several owners is in each of their sections.
    /// Within `room` bytes: when the next item would not fit, the sections stop and a line
    /// says how many items were left out.
    func appendOwnerSections(_ report: Report, annotations: ReportAnnotations, links: LinkTemplate?, room: Int,
                             to text: inout MarkdownText) {
        let view = report.view
        let changeTree = view.changeTree
        var byOwner: [String: [Int]] = [:]
        var unowned: [Int] = []
        changeTree.withNodes { nodes in
            for entry in view.listedEntries where !annotations.isLeftOut(file: nodes.fileNode(ofEntry: entry)) {
                let owners = annotations.files.owners(ofEntry: entry) ?? []
                if owners.isEmpty { unowned.append(entry) }
                for owner in owners { byOwner[owner, default: []].append(entry) }
            }
        }
        var sections: [(heading: MarkdownText, entries: [Int])] = byOwner.keys.sorted().map { owner in
            var heading = MarkdownText()
            heading.appendName(Array(owner.utf8))
            return (heading, byOwner[owner]!)
        }
        if !unowned.isEmpty {
            var heading = MarkdownText()
            heading.appendWords("unowned")
            sections.append((heading, unowned))
        }
        appendSections(sections, report: report, links: links, room: room, to: &text)
    }

    /// Sections of files, each a heading (`heading`, then its file count) and the files of
    /// `entries` by path (each a link with `links`), within `room` bytes: when the next item would not fit, the sections
    /// stop and a line says how many items were left out. Returns whether every item fit.
    @discardableResult
    func appendSections(_ sections: [(heading: MarkdownText, entries: [Int])], report: Report, links: LinkTemplate?,
                        room: Int, to text: inout MarkdownText) -> Bool {
        let view = report.view
        let changeTree = view.changeTree
        let total = sections.reduce(0) { $0 + $1.entries.count }
        let end = text.bytes.count + room - Self.note(leftOut: total).count
        let source = Self.ownersSourceLine(report.comparison.codeOwners)
        if text.bytes.count + source.count <= end { text.bytes.append(contentsOf: source) }
        var writer = MarkdownRowWriter(view: view, linesCounted: report.linesCounted, annotator: nil, links: links)
        var written = 0, full = false
        var section = MarkdownText()
        for (heading, entries) in sections {
            section.bytes.removeAll(keepingCapacity: true)
            section.appendMarkup("#### ")
            section.bytes.append(contentsOf: heading.bytes)
            section.appendWords(" · ")
            section.appendNumber(entries.count)
            section.appendWords(entries.count == 1 ? " file" : " files")
            section.appendMarkup("\n\n")
            let itemsStart = section.bytes.count
            for entry in entries {
                let before = section.bytes.count
                writer.appendPathItem(changeTree.change(ofEntry: entry), to: &section)
                if text.bytes.count + section.bytes.count + 1 > end {
                    section.bytes.removeSubrange(before...)
                    full = true
                    break
                }
                written += 1
            }
            guard section.bytes.count > itemsStart else { break }
            text.bytes.append(contentsOf: section.bytes)
            text.appendMarkup("\n")
            if full { break }
        }
        if written < total {
            text.bytes.append(contentsOf: Self.note(leftOut: total - written))
            return false
        }
        return true
    }

    /// `12 more items not shown, to fit the limit (`--max-bytes`).`
    static func note(leftOut count: Int) -> [UInt8] {
        var text = MarkdownText()
        text.appendGroupedNumber(count)
        text.appendWords(count == 1 ? " more item not shown" : " more items not shown")
        text.appendMarkup(", to fit the limit (`--max-bytes`).\n\n")
        return text.bytes
    }
}
