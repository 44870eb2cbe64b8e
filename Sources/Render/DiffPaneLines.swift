import TreeModel

/// A file's patch as the rows of a terminal pane: colored as git colors it (or as
/// `interactive.diffFilter` rewrites it), every control character spelled out, tabs expanded
/// to 8-column stops, each row measured and at most the pane's width, ending with a reset
/// when it leaves a style on, and starting with the styles in force when it continues a line.
public enum DiffPaneLines {
    /// What happens to a line wider than the pane.
    public enum Overflow: Sendable {
        /// It continues on the next rows (a soft wrap).
        case wrap
        /// It is cut at the pane's edge.
        case truncate
    }

    /// The rows for `patch` in a pane `width` columns wide, each with its display width.
    ///
    /// - Parameters:
    ///   - colors: git's colors (`PatchColors(configured: config.diffColors)`), or `nil` for none.
    ///   - filter: `interactive.diffFilter`, run on the colored patch; its output is shown
    ///     instead, its SGR sequences kept and any other control character spelled out.
    ///   - overflow: wrap long lines (the default) or cut them.
    /// - Throws: ``PatchFilter/Failure`` when the filter cannot run or fails.
    public static func make(patch: PatchText, width: Int, colors: PatchColors?, filter: PatchFilter? = nil,
                            overflow: Overflow = .wrap) throws -> [(bytes: [UInt8], width: Int)] {
        let colors = colors ?? .none
        var layout = DiffPaneLayout(width: max(1, width), overflow: overflow)
        if let filter {
            let output = try filter.run(colors.colored(patch))
            var lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            for line in lines { layout.add(DiffPaneLayout.pieces(ofFilteredLine: line)) }
        } else {
            let colorizer = PatchColorizer(patch: patch, colors: colors)
            for line in patch.lines {
                layout.add(colorizer.pieces(of: line).map { piece in
                    switch piece {
                    case .style(let sequence): .style(sequence[...])
                    case .text(let range): .text(patch.bytes[range])
                    }
                })
            }
        }
        return layout.rows
    }
}
