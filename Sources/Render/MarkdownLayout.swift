import TreeModel

/// The rows of a Markdown report, each written once, with what each costs in bytes shown
/// open and rolled up, so that ``fit(within:)`` can roll directories up until the report
/// fits a byte budget, and ``write(to:)`` can then copy out what is kept.
///
/// A top-level directory that is open is a `<details>` block around the list of its
/// contents; top-level files and rolled-up top-level directories are items of lists between
/// those blocks. Every block ends with a blank line.
struct MarkdownLayout {
    enum Kind: UInt8 {
        case file
        /// A directory whose contents follow it, unless the budget rolls it up.
        case openDirectory
        /// A directory shown rolled up in any case (`--depth`, a search, the annotator).
        case closedDirectory
    }

    struct Row {
        var kind: Kind
        var level: Int32
        /// The row of the directory it is in, or -1 on the top level.
        var parent: Int32
        /// The row after its last descendant.
        var end: Int32
        /// Whether the budget rolled it up.
        var rolledUp = false
        /// Where its line (for a top-level open directory, the opening of its block) lies in ``lines``.
        var line: Range<Int>
        /// Where its rolled-up line lies in ``rolledUpLines`` (open directories only).
        var rolledUpLine: Range<Int>
        /// The bytes of the descendants shown now.
        var below = 0

        /// The bytes of the row itself shown open (a top-level block's closing included).
        var ownBytes: Int {
            line.count + (kind == .openDirectory && level == 0 ? MarkdownRowWriter.detailsClosing.utf8CodeUnitCount : 0)
        }

        /// The bytes of the row and what is shown below it now.
        var shownBytes: Int { rolledUp ? rolledUpLine.count : ownBytes + below }
    }

    private(set) var rows: [Row] = []
    private(set) var lines = MarkdownText()
    private(set) var rolledUpLines = MarkdownText()
    /// The bytes of the rows and the blank lines after the top-level lists, as shown now.
    private(set) var bytes = 0
    /// The level of the deepest row.
    private(set) var deepestLevel = 0

    /// Writes every row of `view` shown (unless an annotator rolls up its directory), or,
    /// when `folded` is given (generated and vendored files left out), those rows; with
    /// `links`, each file's name a link.
    init(view: TreeView, linesCounted: Bool, annotator: (any MarkdownRowAnnotator)?, folded: [AnnotatedRow]? = nil,
         links: LinkTemplate? = nil) {
        var writer = MarkdownRowWriter(view: view, linesCounted: linesCounted, annotator: annotator, links: links)
        rows.reserveCapacity(view.listedCount + view.listedCount / 4)
        lines.bytes.reserveCapacity(view.listedCount * 64)
        var open: [Int] = []
        var skippingBelow = Int.max
        if let folded {
            view.withRows { rows in
                for row in folded {
                    add(rows[row.row], kind: row.kind, onlyFile: row.onlyFile, writer: &writer, open: &open,
                        skippingBelow: &skippingBelow)
                }
            }
        } else {
            view.forEachRow { add($0, kind: .view, writer: &writer, open: &open, skippingBelow: &skippingBelow) }
        }
        for index in open { rows[index].end = Int32(rows.count) }
        for index in rows.indices.reversed() {
            let parent = Int(rows[index].parent)
            if parent >= 0 { rows[parent].below += rows[index].shownBytes }
        }
        bytes = topLevelListCount()
        for row in rows where row.level == 0 { bytes += row.shownBytes }
    }

    /// Writes row `row` (a folded row when `kind` says so, naming `onlyFile` when it stands
    /// for one file), unless it lies inside a directory shown rolled up from the start.
    private mutating func add(_ rowView: RowView, kind folded: AnnotatedRow.Kind, onlyFile: [UInt8]? = nil,
                              writer: inout MarkdownRowWriter,
                              open: inout [Int], skippingBelow: inout Int) {
        let row = rowView.row
        if row.level > skippingBelow { return }
        skippingBelow = .max
        let index = rows.count
        while open.count > row.level { rows[open.removeLast()].end = Int32(index) }
        let start = lines.bytes.count, rolledUpStart = rolledUpLines.bytes.count
        let indent = max(0, 2 * (row.level - 1))
        var kind = Kind.file
        switch folded {
        case .foldedFiles(let files):
            writer.appendFoldedFiles(files, onlyFile: onlyFile, indent: indent, to: &lines)
        case .foldedDirectory(let files):
            kind = .closedDirectory
            writer.appendFoldedDirectory(rowView, files: files, onlyFile: onlyFile, indent: indent, to: &lines)
        case .view where !row.isDirectory:
            writer.appendFile(rowView, indent: indent, to: &lines)
        case .view where !row.isExpanded || writer.annotator?.rollsUp(row, in: writer.view) == true:
            kind = .closedDirectory
            writer.appendDirectory(rowView, rolledUp: true, indent: indent, to: &lines)
            if row.isExpanded { skippingBelow = row.level }
        case .view:
            kind = .openDirectory
            if row.level == 0 {
                writer.appendDetailsOpening(rowView, to: &lines)
            } else {
                writer.appendDirectory(rowView, rolledUp: false, indent: indent, to: &lines)
            }
            writer.appendDirectory(rowView, rolledUp: true, indent: indent, to: &rolledUpLines)
            open.append(index)
        }
        rows.append(Row(kind: kind, level: Int32(row.level), parent: Int32(row.level > 0 ? open[row.level - 1] : -1),
                        end: Int32(index + 1), line: start..<lines.bytes.count,
                        rolledUpLine: rolledUpStart..<rolledUpLines.bytes.count))
        deepestLevel = max(deepestLevel, row.level)
    }

    /// Whether top-level row `index` is a list item (not a `<details>` block).
    func isListItem(_ index: Int) -> Bool {
        rows[index].kind != .openDirectory || rows[index].rolledUp
    }

    /// The number of runs of top-level list items: each is followed by a blank line.
    private func topLevelListCount() -> Int {
        var count = 0, inList = false
        for index in rows.indices where rows[index].level == 0 {
            let item = isListItem(index)
            if item && !inList { count += 1 }
            inList = item
        }
        return count
    }

    /// Rolls up row `index`, an open directory, and returns the bytes saved; `listChange` is
    /// the change in the number of top-level lists it makes (top-level rows only).
    mutating func rollUp(_ index: Int, listChange: Int) -> Int {
        let saved = rows[index].shownBytes - rows[index].rolledUpLine.count - listChange
        rows[index].rolledUp = true
        var ancestor = Int(rows[index].parent)
        while ancestor >= 0 {
            rows[ancestor].below -= saved + listChange
            ancestor = Int(rows[ancestor].parent)
        }
        bytes -= saved
        return saved
    }

    /// The number of directories the budget rolled up that are shown (not inside another).
    var rolledUpShown: Int {
        var count = 0, index = 0
        while index < rows.count {
            if rows[index].rolledUp {
                count += 1
                index = Int(rows[index].end)
            } else {
                index += 1
            }
        }
        return count
    }

    /// Appends the rows as they are now: top-level blocks and lists, each ending with a blank line.
    func write(to output: inout MarkdownText) {
        var index = 0, inList = false
        while index < rows.count {
            let row = rows[index]
            if isListItem(index) {
                inList = true
                append(row, to: &output)
                index = Int(row.end)
                continue
            }
            if inList { output.appendMarkup("\n") }
            inList = false
            output.bytes.append(contentsOf: lines.bytes[row.line])
            var inner = index + 1
            while inner < Int(row.end) {
                append(rows[inner], to: &output)
                inner = rows[inner].rolledUp ? Int(rows[inner].end) : inner + 1
            }
            output.appendMarkup(MarkdownRowWriter.detailsClosing)
            index = Int(row.end)
        }
        if inList { output.appendMarkup("\n") }
    }

    private func append(_ row: Row, to output: inout MarkdownText) {
        if row.rolledUp {
            output.bytes.append(contentsOf: rolledUpLines.bytes[row.rolledUpLine])
        } else {
            output.bytes.append(contentsOf: lines.bytes[row.line])
        }
    }
}

extension MarkdownLayout {
    /// Rolls up open directories until the rows take at most `budget` bytes: the deepest
    /// first, and on one level the one that saves the most first, so that no directory is
    /// open below one rolled up. Returns whether they fit; when even every top-level
    /// directory rolled up does not, they stay rolled up.
    mutating func fit(within budget: Int) -> Bool {
        guard bytes > budget else { return true }
        var levels = [[Int]](repeating: [], count: deepestLevel + 1)
        for index in rows.indices where rows[index].kind == .openDirectory {
            levels[Int(rows[index].level)].append(index)
        }
        let topLevel = rows.indices.filter { rows[$0].level == 0 }
        for level in stride(from: deepestLevel, through: 0, by: -1) {
            let candidates = levels[level]
                .map { (index: $0, saving: rows[$0].shownBytes - rows[$0].rolledUpLine.count) }
                .sorted { $0.saving != $1.saving ? $0.saving > $1.saving : $0.index > $1.index }
            for candidate in candidates {
                guard bytes > budget else { return true }
                let change = level == 0 ? listChange(rollingUp: candidate.index, topLevel: topLevel) : 0
                _ = rollUp(candidate.index, listChange: change)
            }
        }
        return bytes <= budget
    }

    /// How the number of top-level lists changes when top-level directory `index`, now a
    /// `<details>` block, becomes a list item: it joins the lists beside it, or starts one.
    private func listChange(rollingUp index: Int, topLevel: [Int]) -> Int {
        var low = 0, high = topLevel.count
        while low < high {
            let middle = (low + high) / 2
            if topLevel[middle] < index { low = middle + 1 } else { high = middle }
        }
        let before = low > 0 && isListItem(topLevel[low - 1])
        let after = low + 1 < topLevel.count && isListItem(topLevel[low + 1])
        return before && after ? -1 : before || after ? 0 : 1
    }
}

/// What the Markdown report shows beyond the change itself, row by row: decorations after a
/// row's figures (code owners, a generated or vendored mark) and directories shown rolled up
/// from the start (one holding only generated files).
///
/// The renderer calls it once per row shown, in order. Whatever it appends goes through
/// ``MarkdownText``'s appenders, so names (owners, paths) stay code and cannot become markup;
/// for a top-level directory the text is inside its `<summary>` HTML, which
/// ``MarkdownText/insideHTML`` says and the appenders honor.
public protocol MarkdownRowAnnotator: Sendable {
    /// Appends the decorations of `row` (a row of `view`), after its figures; each should
    /// start with `" · "` (``MarkdownText/appendWords(_:)``).
    func annotate(_ row: VisibleRow, in view: TreeView, into text: inout MarkdownText)

    /// Whether directory row `row` is shown rolled up, whatever room there is.
    func rollsUp(_ row: VisibleRow, in view: TreeView) -> Bool
}

extension MarkdownRowAnnotator {
    /// No decorations.
    func annotate(_ row: VisibleRow, in view: TreeView, into text: inout MarkdownText) {}

    /// No directory rolled up.
    func rollsUp(_ row: VisibleRow, in view: TreeView) -> Bool { false }
}
