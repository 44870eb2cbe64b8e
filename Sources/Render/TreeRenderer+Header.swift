import TreeModel

extension TreeRenderer {
    /// The header line: `<title> · N files changed, +I −D (4 added, 1 renamed, 2 binary)`,
    /// or `<title> · no changes`; then, when generated or vendored files are left out of
    /// those counts, ` · 12 generated files not counted`.
    func appendHeader(_ report: Report, color: Bool, glyphs: Glyphs, to output: inout [UInt8]) {
        let total = report.view.total
        let leftOut = report.annotations?.leftOut(below: FileTree.root) ?? LeftOutFiles()
        if total.files == 0 && leftOut.files > 0 {
            TerminalText.append(report.comparison.title, to: &output)
            output.append(contentsOf: glyphs.separator)
            output.append("no changes counted")
        } else {
            Self.appendHeader(title: report.comparison.title, total: total, query: report.view.query,
                              linesCounted: report.linesCounted, color: color, glyphs: glyphs, to: &output)
        }
        if total.files > 0 || leftOut.files > 0 || report.view.query == nil {
            appendNotes(report, glyphs: glyphs, to: &output)
            appendLeftOut(leftOut, glyphs: glyphs, to: &output)
        }
        output.append("\n")
    }

    /// The header line's text, without a line end, as the tree starts with it: for a browser
    /// showing `total` of the comparison titled `title`.
    public static func header(title: String, total: ChangeSummary, linesCounted: Bool, color: Bool,
                              charset: Charset) -> [UInt8] {
        var output: [UInt8] = []
        appendHeader(title: title, total: total, query: nil, linesCounted: linesCounted, color: color,
                     glyphs: Glyphs(charset), to: &output)
        return output
    }

    private static func appendHeader(title: String, total: ChangeSummary, query: SearchQuery?, linesCounted: Bool,
                                     color: Bool, glyphs: Glyphs, to output: inout [UInt8]) {
        TerminalText.append(title, to: &output)
        output.append(contentsOf: glyphs.separator)
        guard total.files > 0 else {
            if let query {
                output.append("no changed file matches '")
                TerminalText.append(query.text, to: &output)
                output.append("'")
            } else {
                output.append("no changes")
            }
            return
        }
        output.append(decimal: total.files)
        output.append(total.files == 1 ? " file changed" : " files changed")
        if linesCounted, let insertions = total.insertions, let deletions = total.deletions {
            output.append(", ")
            Style.insertions.open(&output, enabled: color)
            output.append(UInt8(ascii: "+"))
            output.append(decimal: insertions)
            Style.close(&output, enabled: color)
            output.append(" ")
            Style.deletions.open(&output, enabled: color)
            output.append(contentsOf: glyphs.minus)
            output.append(decimal: deletions)
            Style.close(&output, enabled: color)
        }
        var parts: [(count: Int, label: StaticString)] = ChangeStatus.allCases.map { (total.count($0), $0.words) }
        if linesCounted, let binary = total.binary { parts.append((binary, "binary")) }
        var first = true
        for part in parts where part.count > 0 {
            output.append(first ? " (" : ", ")
            output.append(decimal: part.count)
            output.append(" ")
            output.append(part.label)
            first = false
        }
        if !first { output.append(")") }
    }

    /// ` · 12 generated and 3 vendored files not counted`, or nothing when none is left out.
    private func appendLeftOut(_ leftOut: LeftOutFiles, glyphs: Glyphs, to output: inout [UInt8]) {
        guard leftOut.files > 0 else { return }
        output.append(contentsOf: glyphs.separator)
        output.append(contentsOf: leftOut.label.utf8)
        output.append(" not counted")
    }

    /// ` · 3 of 12 viewed` when viewed marks are in use; ` · 4 untracked files not staged`
    /// under `--staged` when there are any.
    private func appendNotes(_ report: Report, glyphs: Glyphs, to output: inout [UInt8]) {
        if let progress = report.viewedProgress {
            output.append(contentsOf: glyphs.separator)
            output.append(decimal: progress.viewed)
            output.append(" of ")
            output.append(decimal: progress.files)
            output.append(" viewed")
        }
        if let untracked = report.untrackedLeftOut, untracked > 0 {
            output.append(contentsOf: glyphs.separator)
            output.append(decimal: untracked)
            output.append(untracked == 1 ? " untracked file not staged" : " untracked files not staged")
        }
    }
}
