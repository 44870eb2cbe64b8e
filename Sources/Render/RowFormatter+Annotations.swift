import TreeModel

/// What annotations add to rows: marks and owners after a name, and the folded rows that
/// stand for generated and vendored files.
extension RowFormatter {
    /// Appends the left part of an annotated row and returns its width and stats cell: a
    /// row of the view as ``append(_:budget:to:)`` formats it, or a folded row, dim: the
    /// left-out files of a directory (`12 generated files`), or a directory below which
    /// everything is left out (`vendor/ (40 vendored files)`), with their line counts.
    public mutating func append(_ annotated: AnnotatedRow, budget: Int?, to output: inout [UInt8]) -> FormattedRow {
        let row = annotated.row
        switch annotated.kind {
        case .view:
            return append(row, budget: budget, to: &output)
        case .foldedFiles(let files):
            var width = appendGuides(level: row.level, isLast: row.isLast, guides: row.guides, to: &output)
            name.removeAll(keepingCapacity: true)
            name.append(contentsOf: files.label.utf8)
            suffix.removeAll(keepingCapacity: true)
            width += appendName(style: Style.dim, nameWidth: name.count, suffixWidth: 0, usedWidth: width,
                                budget: budget, to: &output)
            return FormattedRow(width: width, stat: stat(ofDirectory: files.combined))
        case .foldedDirectory(let files):
            var width = appendGuides(level: row.level, isLast: row.isLast, guides: row.guides, to: &output)
            name.removeAll(keepingCapacity: true)
            var nameWidth = 0
            let box = viewBox
            box.view.changeTree.withNodes { nodes in
                for link in nodes.chain(of: row) { nameWidth += appendLabelSegment(link.name) }
            }
            suffix.removeAll(keepingCapacity: true)
            suffix.append(" (")
            suffix.append(contentsOf: files.label.utf8)
            suffix.append(")")
            let labelWidth = suffix.count
            prepareNote(forDirectory: row.node)
            let suffixWidth = labelWidth + appendNote()
            output.append(contentsOf: folderIcons.closed.bytes)
            width += folderIcons.closed.width
            width += appendName(style: Style.dim, nameWidth: nameWidth, suffixWidth: suffixWidth, usedWidth: width,
                                budget: budget, to: &output)
            return FormattedRow(width: width, stat: stat(ofDirectory: files.combined))
        }
    }

    /// Sets ``note`` for file node `node`: ` (generated)` or ` (vendored)` when such a file
    /// counts like others, then its owners when the rows show them (`  @a @b`, or
    /// `  (unowned)`).
    mutating func prepareNote(forFile node: Int) {
        clearNote()
        guard let annotations else { return }
        let kinds = annotations.kinds(ofFile: node)
        if annotations.includesGenerated && !kinds.isEmpty {
            switch (kinds.contains(.generated), kinds.contains(.vendored)) {
            case (true, true): note.append(" (generated, vendored)")
            case (true, false): note.append(" (generated)")
            default: note.append(" (vendored)")
            }
            noteWidth = note.count
        }
        guard annotations.showsOwners, let owners = annotations.owners(ofFile: node) else { return }
        appendOwners(owners, someUnowned: owners.isEmpty)
    }

    /// Sets ``note`` for directory node `node`: the owners of the files below it, when the
    /// rows show owners, and ` (some unowned)` when some of those files have none.
    mutating func prepareNote(forDirectory node: Int) {
        clearNote()
        guard let annotations, annotations.showsOwners, let owners = annotations.owners(ofDirectory: node) else { return }
        appendOwners(owners.owners, someUnowned: owners.hasUnownedFiles)
    }

    private mutating func appendOwners(_ owners: [String], someUnowned: Bool) {
        note.append(" ")
        noteWidth += 1
        for owner in owners {
            note.append(" ")
            noteWidth += 1 + TerminalText.append(owner, to: &note)
        }
        if someUnowned {
            let text: StaticString = owners.isEmpty ? " (unowned)" : " (some unowned)"
            note.append(text)
            noteWidth += text.utf8CodeUnitCount
        }
    }

    private mutating func clearNote() {
        note.removeAll(keepingCapacity: true)
        noteWidth = 0
    }

    /// Moves ``note`` to the end of ``suffix``; returns its width.
    mutating func appendNote() -> Int {
        guard !note.isEmpty else { return 0 }
        suffix.append(contentsOf: note)
        let width = noteWidth
        clearNote()
        return width
    }
}
