import TreeModel

extension TreeRenderer {
    /// The header line: `<title> · N files changed, +I −D (4 added, 1 renamed, 2 binary)`,
    /// or `<title> · no changes`; then, when generated or vendored files are left out of
    /// those counts, ` · 12 generated files not counted`.
    func appendHeader(_ report: Report, color: Bool, glyphs: Glyphs, to output: inout [UInt8]) {
        let total = report.view.total
        TerminalText.append(report.comparison.title, to: &output)
        output.append(contentsOf: glyphs.separator)
        let leftOut = report.annotations?.leftOut(below: FileTree.root) ?? LeftOutFiles()
        if total.files == 0 && leftOut.files > 0 {
            output.append("no changes counted")
            appendNotes(report, glyphs: glyphs, to: &output)
            appendLeftOut(leftOut, glyphs: glyphs, to: &output)
            output.append("\n")
            return
        }
        guard total.files > 0 else {
            if let query = report.view.query {
                output.append("no changed file matches '")
                TerminalText.append(query.text, to: &output)
                output.append("'\n")
            } else {
                output.append("no changes")
                appendNotes(report, glyphs: glyphs, to: &output)
                output.append("\n")
            }
            return
        }
        output.append(decimal: total.files)
        output.append(total.files == 1 ? " file changed" : " files changed")
        if report.linesCounted, let insertions = total.insertions, let deletions = total.deletions {
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
        var parts: [(count: Int, label: StaticString)] = Self.headerStatuses.map { (total.count($0.status), $0.label) }
        if report.linesCounted, let binary = total.binary { parts.append((binary, "binary")) }
        var first = true
        for part in parts where part.count > 0 {
            output.append(first ? " (" : ", ")
            output.append(decimal: part.count)
            output.append(" ")
            output.append(part.label)
            first = false
        }
        if !first { output.append(")") }
        appendNotes(report, glyphs: glyphs, to: &output)
        appendLeftOut(leftOut, glyphs: glyphs, to: &output)
        output.append("\n")
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

    private static let headerStatuses: [(status: ChangeStatus, label: StaticString)] = [
        (.added, "added"), (.modified, "modified"), (.deleted, "deleted"), (.renamed, "renamed"),
        (.copied, "copied"), (.typeChanged, "type changed"), (.untracked, "untracked"),
        (.unmerged, "unmerged"),
    ]
}
