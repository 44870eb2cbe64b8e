import TreeModel

/// The part of a row after its guides: status letter, icon, name, and what follows the name.
extension RowFormatter {
    /// Appends a file row's part after its guides and returns its width: the status letter
    /// (none for a change without status), the icon, the escaped name, then where a rename
    /// or copy came from and a mode change. `usedWidth` is the width already used on the
    /// line (the guides), for the `budget`.
    public mutating func appendFile(
        named fileName: some Collection<UInt8>, change: FileChange?, icon: IconResolution?, isMatch: Bool,
        usedWidth: Int, budget: Int?, to output: inout [UInt8]
    ) -> Int {
        var drawn: DrawnIcon?
        if let icon, drawing != .none {
            var bytes: [UInt8] = []
            let width = drawing.append(icon, color: color, to: &bytes)
            drawn = DrawnIcon(bytes: bytes, width: width)
        }
        return Array(fileName).withUnsafeBufferPointer { name in
            guard let change else {
                return appendFileCell(name, change: nil, icon: drawn, isMatch: isMatch, usedWidth: usedWidth,
                                      budget: budget, to: &output)
            }
            return ChangeView.with(change) {
                appendFileCell(name, change: $0, icon: drawn, isMatch: isMatch, usedWidth: usedWidth, budget: budget, to: &output)
            }
        }
    }

    /// Appends a directory row's part after its guides and returns its width: the folder
    /// icon, the chain's names each followed by `/`, and for a closed row its roll-up
    /// (` (12 files: 4 A, 7 M, 1 D)`).
    public mutating func appendDirectory(
        segments: some Sequence<some Collection<UInt8>>, summary: ChangeSummary, isExpanded: Bool, isMatch: Bool,
        usedWidth: Int, budget: Int?, to output: inout [UInt8]
    ) -> Int {
        name.removeAll(keepingCapacity: true)
        var nameWidth = 0
        for segment in segments { nameWidth += appendLabelSegment(ArraySlice(segment)) }
        return appendDirectoryCell(nameWidth: nameWidth, summary: summary, isExpanded: isExpanded, isMatch: isMatch,
                                   usedWidth: usedWidth, budget: budget, to: &output)
    }

    /// Adds one piece of a directory's label, escaped and followed by `/`, to ``name``.
    mutating func appendLabelSegment(_ segment: ArraySlice<UInt8>) -> Int {
        segment.withUnsafeBufferPointer { appendLabelSegment($0) }
    }

    /// Adds one piece of a directory's label, read in place, to ``name``.
    mutating func appendLabelSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Int {
        let width = TerminalText.append(segment, to: &name) + 1
        name.append(UInt8(ascii: "/"))
        return width
    }

    /// ``appendDirectory(segments:summary:isExpanded:isMatch:usedWidth:budget:to:)`` with
    /// the label already in ``name``, `nameWidth` columns wide.
    mutating func appendDirectoryCell(nameWidth: Int, summary: ChangeSummary, isExpanded: Bool, isMatch: Bool,
                                      usedWidth: Int, budget: Int?, to output: inout [UInt8]) -> Int {
        suffix.removeAll(keepingCapacity: true)
        let suffixWidth = (isExpanded ? 0 : appendCollapsedSummary(summary)) + appendNote()
        let icon = isExpanded ? folderIcons.open : folderIcons.closed
        output.append(contentsOf: icon.bytes)
        let style = isMatch && color ? Style.match : Style.directory(summary)
        return icon.width + appendName(style: style, nameWidth: nameWidth, suffixWidth: suffixWidth,
                                       usedWidth: usedWidth + icon.width, budget: budget, to: &output)
    }

    /// Appends ` (12 files: 4 A, 7 M, 1 D)` to ``suffix``; returns its width.
    private mutating func appendCollapsedSummary(_ summary: ChangeSummary) -> Int {
        let start = suffix.count
        suffix.append(" (")
        suffix.append(decimal: summary.files)
        suffix.append(summary.files == 1 ? " file" : " files")
        var separator: StaticString = ": "
        for status in ChangeStatus.allCases where summary.count(status) > 0 {
            suffix.append(separator)
            suffix.append(decimal: summary.count(status))
            suffix.append(" ")
            suffix.append(status.letterByte)
            separator = ", "
        }
        suffix.append(")")
        return suffix.count - start
    }

    /// ``appendFile(named:change:icon:isMatch:usedWidth:budget:to:)`` with the icon drawn.
    mutating func appendFileCell(_ fileName: UnsafeBufferPointer<UInt8>, change: ChangeView?, icon: DrawnIcon?,
                                 isMatch: Bool, usedWidth: Int, budget: Int?, to output: inout [UInt8]) -> Int {
        var width = 0
        if let status = change?.status {
            Style.status(status).open(&output, enabled: color)
            output.append(status.letterByte)
            Style.close(&output, enabled: color)
            output.append("  ")
            width += 3
        }
        if let icon {
            output.append(contentsOf: icon.bytes)
            width += icon.width
        }
        let style: Style? = isMatch && color ? .match : nil
        let plain = !(change?.showsDetailsAfterName ?? false) && note.isEmpty
        if style == nil && budget == nil && plain {
            // Nothing to shorten, style or add: the escaped name goes straight into the output.
            return width + TerminalText.append(fileName, to: &output)
        }
        name.removeAll(keepingCapacity: true)
        let nameWidth = TerminalText.append(fileName, to: &name)
        suffix.removeAll(keepingCapacity: true)
        var suffixWidth = 0
        if let change = change?.change {
            suffixWidth = appendOrigin(of: change, shortened: false)
            if let budget, usedWidth + width + nameWidth + suffixWidth > budget {
                suffixWidth = appendOrigin(of: change, shortened: true)
            }
            suffixWidth += appendModeChange(of: change)
            suffixWidth += SubmoduleLabel.append(change, glyphs: glyphs, to: &suffix)
            suffixWidth += appendReviewMarks(of: change)
        }
        suffixWidth += appendNote()
        return width + appendName(style: style, nameWidth: nameWidth, suffixWidth: suffixWidth,
                                  usedWidth: usedWidth + width, budget: budget, to: &output)
    }

    /// Replaces ``suffix`` with ` ← origin (NN%)`: the old basename when the old and new
    /// directories are the same (or when `shortened`, as `…/basename`), else the old path.
    private mutating func appendOrigin(of change: FileChange, shortened: Bool) -> Int {
        suffix.removeAll(keepingCapacity: true)
        guard let oldPath = change.oldPath else { return 0 }
        suffix.append(contentsOf: glyphs.arrow)
        var width = glyphs.arrowWidth
        if oldPath.parent == change.path.parent {
            width += TerminalText.append(oldPath.basename, to: &suffix)
        } else if shortened {
            suffix.append(contentsOf: glyphs.ellipsis)
            suffix.append(UInt8(ascii: "/"))
            width += glyphs.ellipsisWidth + 1 + TerminalText.append(oldPath.basename, to: &suffix)
        } else {
            width += TerminalText.append(oldPath.bytes, to: &suffix)
        }
        if let similarity = change.similarity {
            suffix.append(" (")
            suffix.append(decimal: similarity)
            suffix.append("%)")
            width += 4 + decimalDigits(similarity)
        }
        return width
    }

    /// Appends ` (mode 100644 → 100755)` or ` (file → symlink)` to ``suffix`` when the mode changed.
    private mutating func appendModeChange(of change: FileChange) -> Int {
        guard let old = change.oldMode, let new = change.newMode, old != new else { return 0 }
        let start = suffix.count
        suffix.append(" (")
        if change.status == .typeChanged {
            suffix.append(contentsOf: Self.kind(of: old).utf8)
            suffix.append(contentsOf: glyphs.rightArrow)
            suffix.append(contentsOf: Self.kind(of: new).utf8)
        } else {
            suffix.append("mode ")
            suffix.append(contentsOf: old.description.utf8)
            suffix.append(contentsOf: glyphs.rightArrow)
            suffix.append(contentsOf: new.description.utf8)
        }
        suffix.append(")")
        return suffix.count - start - (glyphs.rightArrow.count - glyphs.rightArrowWidth)
    }

    private static func kind(of mode: FileMode) -> String {
        switch mode {
        case .symlink: "symlink"
        case .submodule: "submodule"
        case .executable: "executable"
        default: "file"
        }
    }

    /// Appends ``name``, then ``suffix`` (dimmed). When the line would pass the budget, the
    /// name and then the suffix are shortened in the middle: the name keeps at least half the room.
    mutating func appendName(style: Style?, nameWidth: Int, suffixWidth: Int, usedWidth: Int, budget: Int?,
                                     to output: inout [UInt8]) -> Int {
        var nameWidth = nameWidth
        var suffixWidth = suffixWidth
        if let budget, usedWidth + nameWidth + suffixWidth > budget {
            let room = max(budget - usedWidth, 2 * (glyphs.ellipsisWidth + 2))
            let nameShare = min(nameWidth, max(room - suffixWidth, room / 2))
            if nameShare < nameWidth { (name, nameWidth) = shortened(name, to: nameShare) }
            if nameWidth + suffixWidth > room { (suffix, suffixWidth) = shortened(suffix, to: room - nameWidth) }
        }
        if let style { style.open(&output, enabled: color) }
        output.append(contentsOf: name)
        if style != nil { Style.close(&output, enabled: color) }
        if !suffix.isEmpty {
            Style.origin.open(&output, enabled: color)
            output.append(contentsOf: suffix)
            Style.close(&output, enabled: color)
        }
        return nameWidth + suffixWidth
    }

    private func shortened(_ text: [UInt8], to width: Int) -> ([UInt8], Int) {
        let result = TerminalText.middleTruncated(text, toWidth: max(width, glyphs.ellipsisWidth + 2),
                                                  ellipsis: glyphs.ellipsis, ellipsisWidth: glyphs.ellipsisWidth)
        return (result.text, result.width)
    }
}

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
            suffix.removeAll(keepingCapacity: true)
            var nameWidth = 0
            if let only = annotated.onlyFile {
                nameWidth = TerminalText.append(only, to: &name)
                suffix.append(contentsOf: " (\(files.kind))".utf8)
            } else {
                name.append(contentsOf: files.label.utf8)
                nameWidth = name.count
            }
            width += appendName(style: Style.dim, nameWidth: nameWidth, suffixWidth: suffix.count, usedWidth: width,
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
            var labelWidth = suffix.count + 1
            if let only = annotated.onlyFile {
                suffix.append(": ")
                labelWidth += 2 + TerminalText.append(only, to: &suffix)
            }
            suffix.append(")")
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
