import TreeModel

/// Writes the rows of a view as Markdown, one line each: list items for files and
/// directories, and the opening of a top-level directory's `<details>` block.
///
///     - 📁 `Model/` · 3 files · +23 −1
///       - 🟩 A `Cache.swift` · +12
///       - 🟦 R `TreePath.swift` ← `Path.swift` (98%) · +1
///     - 📁 `Legacy/` · 40 files rolled up: 40 deleted · −1200
///
/// Names go through ``MarkdownText/appendName(_:)``; everything else is the writer's own text.
/// With ``links``, a file's name is the text of a link to its URL (``MarkdownText/appendLink(_:to:)``).
struct MarkdownRowWriter {
    let view: TreeView
    let linesCounted: Bool
    let annotator: (any MarkdownRowAnnotator)?
    /// `--link-template`: each file's link.
    let links: LinkTemplate?
    private var label: [UInt8] = []

    init(view: TreeView, linesCounted: Bool, annotator: (any MarkdownRowAnnotator)?, links: LinkTemplate? = nil) {
        self.view = view
        self.linesCounted = linesCounted
        self.annotator = annotator
        self.links = links
    }

    /// What closes a top-level directory's `<details>` block, with the blank line after it.
    static let detailsClosing: StaticString = "\n</details>\n\n"

    /// Appends the list item of file row `row`, indented by `indent` spaces.
    mutating func appendFile(_ row: RowView, indent: Int, to text: inout MarkdownText) {
        let change = view.changeTree.change(at: row.row.node)
        text.appendSpaces(indent)
        text.appendMarkup("- ")
        if let status = change?.status {
            text.appendMarkup(status.markdownSquare)
            text.appendMarkup(" ")
            text.bytes.append(status.letterByte)
            text.appendMarkup(" ")
        }
        if let links, let change {
            text.appendLink(row.node.name, to: links.markdownDestination(path: change.path.bytes, status: change.status))
        } else {
            text.appendName(row.node.name)
        }
        if let change {
            appendOrigin(of: change, to: &text)
            appendModeChange(of: change, to: &text)
            _ = SubmoduleLabel.append(change, glyphs: Glyphs(.unicode), to: &text.bytes)
            appendStat(of: change, to: &text)
        }
        annotator?.annotate(row.row, in: view, into: &text)
        text.appendMarkup("\n")
    }

    /// Appends the list item of directory row `row`: its label and, rolled up, what is below it.
    mutating func appendDirectory(_ row: RowView, rolledUp: Bool, indent: Int, to text: inout MarkdownText) {
        text.appendSpaces(indent)
        text.appendMarkup("- 📁 ")
        appendLabel(of: row, to: &text)
        appendRollUp(row.summary, breakdown: rolledUp ? " rolled up" : nil, to: &text)
        annotator?.annotate(row.row, in: view, into: &text)
        text.appendMarkup("\n")
    }

    /// Appends change `change` as a list item by its whole path, for a list that is not a tree:
    /// ``- 🟨 M `src/app.c` · +1``.
    mutating func appendPathItem(_ change: FileChange, to text: inout MarkdownText) {
        text.appendMarkup("- ")
        if let status = change.status {
            text.appendMarkup(status.markdownSquare)
            text.appendMarkup(" ")
            text.bytes.append(status.letterByte)
            text.appendMarkup(" ")
        }
        if let links {
            text.appendLink(change.path.bytes, to: links.markdownDestination(path: change.path.bytes, status: change.status))
        } else {
            text.appendName(change.path.bytes)
        }
        appendOrigin(of: change, to: &text)
        appendModeChange(of: change, to: &text)
        appendStat(of: change, to: &text)
        text.appendMarkup("\n")
    }

    /// Appends the row that stands for the generated and vendored files directly in a
    /// directory: `- 12 generated files, not counted · +40 −2`; for one file, its name:
    /// ``- `yarn.lock` · generated, not counted · +40 −2``.
    mutating func appendFoldedFiles(_ files: LeftOutFiles, onlyFile: [UInt8]?, indent: Int, to text: inout MarkdownText) {
        text.appendSpaces(indent)
        text.appendMarkup("- ")
        if let onlyFile {
            text.appendName(onlyFile)
            text.appendWords(" · ")
            text.bytes.append(contentsOf: files.kind.utf8)
        } else {
            text.bytes.append(contentsOf: files.label.utf8)
        }
        text.appendWords(", not counted")
        appendLines(of: files.combined, to: &text)
        text.appendMarkup("\n")
    }

    /// Appends directory row `row`, below which every file is generated or vendored:
    /// ``- 📁 `vendor/` · 40 vendored files, not counted · +1200``; for one file, naming it:
    /// ``- 📁 `dist/` · 1 generated file, not counted: `app.js` · +1200``.
    mutating func appendFoldedDirectory(_ row: RowView, files: LeftOutFiles, onlyFile: [UInt8]?, indent: Int,
                                        to text: inout MarkdownText) {
        text.appendSpaces(indent)
        text.appendMarkup("- 📁 ")
        appendLabel(of: row, to: &text)
        text.appendWords(" · ")
        text.bytes.append(contentsOf: files.label.utf8)
        text.appendWords(", not counted")
        if let onlyFile {
            text.appendWords(": ")
            text.appendName(onlyFile)
        }
        appendLines(of: files.combined, to: &text)
        annotator?.annotate(row.row, in: view, into: &text)
        text.appendMarkup("\n")
    }

    private func appendLines(of summary: ChangeSummary, to text: inout MarkdownText) {
        if linesCounted, let insertions = summary.insertions, let deletions = summary.deletions {
            Self.appendLines(insertions: insertions, deletions: deletions, to: &text)
        }
    }

    /// Appends the opening of top-level directory row `row`'s `<details>` block: its summary
    /// line with the roll-up, then the blank line the list below it needs.
    mutating func appendDetailsOpening(_ row: RowView, to text: inout MarkdownText) {
        text.appendMarkup("<details>\n<summary>📁 ")
        text.insideHTML = true
        appendLabel(of: row, to: &text)
        appendRollUp(row.summary, breakdown: "", to: &text)
        annotator?.annotate(row.row, in: view, into: &text)
        text.insideHTML = false
        text.appendMarkup("</summary>\n\n")
    }

    /// The row's directories, each followed by `/`, as one name.
    private mutating func appendLabel(of row: RowView, to text: inout MarkdownText) {
        label.removeAll(keepingCapacity: true)
        for link in row.chain {
            label.append(contentsOf: link.name)
            label.append(UInt8(ascii: "/"))
        }
        text.appendName(label)
    }

    /// ` · 12 files`, then with a `breakdown` (` rolled up`, or nothing) `: 4 added, 8 modified`,
    /// then the line totals.
    private func appendRollUp(_ summary: ChangeSummary, breakdown: StaticString?, to text: inout MarkdownText) {
        text.appendWords(" · ")
        text.appendNumber(summary.files)
        text.appendWords(summary.files == 1 ? " file" : " files")
        if let breakdown {
            text.appendWords(breakdown)
            var separator: StaticString = ": "
            for status in ChangeStatus.markdownOrder where summary.count(status) > 0 {
                text.appendWords(separator)
                text.appendNumber(summary.count(status))
                text.appendWords(" ")
                text.appendWords(status.words)
                separator = ", "
            }
        }
        if linesCounted, let insertions = summary.insertions, let deletions = summary.deletions {
            Self.appendLines(insertions: insertions, deletions: deletions, to: &text)
        }
    }

    /// ` · +12 −3` (a zero count left out, nothing for two), or ` · binary`.
    private func appendStat(of change: FileChange, to text: inout MarkdownText) {
        guard linesCounted else { return }
        if change.binary == true {
            text.appendWords(" · binary")
        } else if change.insertions != nil || change.deletions != nil {
            Self.appendLines(insertions: change.insertions ?? 0, deletions: change.deletions ?? 0, to: &text)
        }
    }

    private static func appendLines(insertions: Int, deletions: Int, to text: inout MarkdownText) {
        guard insertions > 0 || deletions > 0 else { return }
        text.appendWords(" · ")
        appendLineCounts(insertions: insertions, deletions: deletions, to: &text)
    }

    /// `+12 −3`, a zero count left out (`+0 −0` when both are zero).
    static func appendLineCounts(insertions: Int, deletions: Int, to text: inout MarkdownText) {
        let both = insertions == 0 && deletions == 0
        if insertions > 0 || both {
            text.appendWords("+")
            text.appendNumber(insertions)
        }
        if deletions > 0 || both {
            text.appendWords(insertions > 0 || both ? " −" : "−")
            text.appendNumber(deletions)
        }
    }

    /// ` ← `old` (98%)`: the old basename when the directory is the same, else the old path.
    private func appendOrigin(of change: FileChange, to text: inout MarkdownText) {
        guard let oldPath = change.oldPath else { return }
        text.appendWords(" ← ")
        text.appendName(oldPath.parent == change.path.parent ? oldPath.basename : oldPath.bytes[...])
        if let similarity = change.similarity {
            text.appendWords(" (")
            text.appendNumber(similarity)
            text.appendWords("%)")
        }
    }

    /// ` (mode 100644 → 100755)` or ` (file → symlink)` when the mode changed.
    private func appendModeChange(of change: FileChange, to text: inout MarkdownText) {
        guard let old = change.oldMode, let new = change.newMode, old != new else { return }
        text.appendWords(" (")
        if change.status == .typeChanged {
            text.appendWords(Self.kind(of: old))
            text.appendWords(" → ")
            text.appendWords(Self.kind(of: new))
        } else {
            text.appendWords("mode ")
            text.bytes.append(contentsOf: old.description.utf8)
            text.appendWords(" → ")
            text.bytes.append(contentsOf: new.description.utf8)
        }
        text.appendWords(")")
    }

    private static func kind(of mode: FileMode) -> StaticString {
        switch mode {
        case .symlink: "symlink"
        case .submodule: "submodule"
        case .executable: "executable"
        default: "file"
        }
    }
}

extension ChangeStatus {
    /// The order statuses are counted in, in the header and in roll-ups.
    static let markdownOrder: [ChangeStatus] = [
        .added, .modified, .deleted, .renamed, .copied, .typeChanged, .untracked, .unmerged,
    ]

    /// The colored square that marks the status in Markdown.
    var markdownSquare: StaticString {
        switch self {
        case .added: "🟩"
        case .modified: "🟨"
        case .deleted: "🟥"
        case .renamed: "🟦"
        case .copied: "🟪"
        case .typeChanged: "🟫"
        case .untracked: "⬜"
        case .unmerged: "🟧"
        }
    }
}
