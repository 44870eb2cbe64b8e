import TreeModel

extension MarkdownRenderer {
    /// The heading: ``### `main...feature` · 15 files changed``, or `· no changes`, or
    /// `` · no changed file matches `query` `` when a search found nothing; then, when
    /// generated or vendored files are left out of the counts, ` · 12 generated files not counted`.
    func appendHeading(_ report: Report, to text: inout MarkdownText) {
        let total = report.view.total
        let leftOut = report.annotations?.leftOut(below: FileTree.root) ?? LeftOutFiles()
        text.appendMarkup("### ")
        Self.appendCapped(Array(report.comparison.title.utf8), to: &text)
        text.appendWords(" · ")
        if total.files > 0 {
            text.appendNumber(total.files)
            text.appendWords(total.files == 1 ? " file changed" : " files changed")
        } else if leftOut.files > 0 {
            text.appendWords("no changes counted")
        } else if let query = report.view.query {
            text.appendWords("no changed file matches ")
            Self.appendCapped(Array(query.text.utf8), to: &text)
        } else {
            text.appendWords("no changes")
        }
        if leftOut.files > 0 {
            text.appendWords(" · ")
            text.bytes.append(contentsOf: leftOut.label.utf8)
            text.appendWords(" not counted")
        }
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
