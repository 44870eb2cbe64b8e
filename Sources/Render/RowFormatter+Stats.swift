import TreeModel

/// The stats cell of a row: `+I −D`, `binary`, or nothing.
extension RowFormatter {
    /// What a file's stats cell shows: nothing when lines were not counted or the file's
    /// content was not read (`nil` for a change without counts), `binary`, or its line counts.
    public func stat(ofFile change: FileChange?) -> TreeStat {
        guard var change else { return .none }
        return withUnsafePointer(to: &change) { Self.stat(ofFileAt: $0, linesCounted: linesCounted) }
    }

    /// ``stat(ofFile:)`` of the change at `change`, read in place.
    static func stat(ofFileAt change: UnsafePointer<FileChange>, linesCounted: Bool) -> TreeStat {
        guard linesCounted else { return .none }
        if change.pointee.binary == true { return .binary }
        let insertions = change.pointee.insertions, deletions = change.pointee.deletions
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
