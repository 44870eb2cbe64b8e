import TreeModel

/// The stats cell of a row: `+I −D`, `binary`, or nothing.
extension RowFormatter {
    /// What a file's stats cell shows: nothing when lines were not counted or the file's
    /// content was not read (`nil` for a change without counts), `binary`, or its line counts.
    public func stat(ofFile change: FileChange?) -> TreeStat {
        guard let change else { return .none }
        return ChangeView.with(change) { Self.stat(ofFile: $0, linesCounted: linesCounted) }
    }

    /// ``stat(ofFile:)`` of a change read in place.
    static func stat(ofFile change: ChangeView, linesCounted: Bool) -> TreeStat {
        guard linesCounted else { return .none }
        if change.binary == true { return .binary }
        let insertions = change.insertions, deletions = change.deletions
        guard insertions != nil || deletions != nil else { return .none }
        return .lines(insertions: insertions ?? 0, deletions: deletions ?? 0)
    }

    /// What a directory's stats cell shows: the lines of its roll-up, when counted.
    public func stat(ofDirectory summary: ChangeSummary) -> TreeStat {
        guard linesCounted, let insertions = summary.insertions, let deletions = summary.deletions else { return .none }
        return .lines(insertions: insertions, deletions: deletions)
    }

    /// Appends the stats cell of `row`, aligned by `columns`, after its left part.
    public func appendStats(of row: FormattedRow, columns: StatColumns, to output: inout [UInt8]) {
        columns.append(row, color: color, minus: glyphs.minus, to: &output)
    }
}
