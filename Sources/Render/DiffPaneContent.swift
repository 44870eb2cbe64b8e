import TreeModel

/// A file's patch as the diff pane shows it, before it is laid out for a width: git's colors
/// (or what `interactive.diffFilter` made of the patch) known apart from the file's own bytes.
///
/// Make it once per file shown (running the filter is the slow part), then call
/// ``lines(width:overflow:)`` for each pane width. Nothing from the file (content or names)
/// reaches a terminal as a control sequence: only the SGR sequences git writes, or a
/// filter writes, are kept; every other control character is spelled out as
/// ``TerminalText`` does (`\e`, `\x07`, `\u{9b}`).
public struct DiffPaneContent: Sendable {
    /// The lines, each as its pieces: the pager's text.
    let lines: [[DiffPaneLayout.Piece]]
    /// What the pane shows in place of ``lines``: a submodule's change in one line.
    var paneLines: [[DiffPaneLayout.Piece]]?

    /// The patch of `patch`, colored with `colors` as `git diff --color` colors it (no color
    /// when `colors` is `nil`), or, with a `filter`, the filter's output for that colored
    /// patch (as `git add -p` shows it).
    ///
    /// The browser decides the colors from the configuration it read:
    /// `config.colorsDiffOnTerminal ? PatchColors(configured: config.diffColors) : nil`.
    /// Given the `change` the patch is of, a submodule's change is one line in the pane
    /// (``submoduleLine(of:patch:colors:)``); the pager still gets git's patch.
    /// - Throws: ``PatchFilter/Failure`` when the filter cannot run or fails.
    public init(patch: PatchText, colors: PatchColors?, filter: PatchFilter? = nil, change: FileChange? = nil) throws {
        let colors = colors ?? .none
        paneLines = change.flatMap { Self.submoduleLine(of: $0, patch: patch, colors: colors) }.map { [$0] }
        if let filter {
            lines = Self.lines(ofOutput: try filter.run(colors.colored(patch)))
        } else {
            let colorizer = PatchColorizer(patch: patch, colors: colors)
            lines = patch.lines.map { line in
                colorizer.pieces(of: line).map { piece in
                    switch piece {
                    case .style(let sequence): .style(sequence[...])
                    case .text(let range): .text(patch.bytes[range])
                    }
                }
            }
        }
    }

    /// Content showing `message` (a filter's failure, say) in one line, spelled out safely.
    public init(message: String) {
        lines = [[.text(Array(message.utf8)[...])]]
    }

    /// Content of styled text such as a filter writes: lines split at LF, SGR sequences kept.
    public init(styledText: [UInt8]) {
        lines = Self.lines(ofOutput: styledText)
    }

    /// The number of lines the pane shows (before wrapping).
    public var lineCount: Int { (paneLines ?? lines).count }

    /// The rows for a pane `width` columns wide (at least 1).
    public func lines(width: Int, overflow: DiffPaneLines.Overflow = .wrap) -> DiffPaneLines {
        var layout = DiffPaneLayout(width: max(1, width), overflow: overflow)
        for line in paneLines ?? lines { layout.add(line) }
        return DiffPaneLines(width: max(1, width), rows: layout.rows)
    }

    /// The whole diff for the pager (`o`): each line whole and ending in LF, SGR sequences
    /// kept (a pager such as `less -R` shows the colors), tabs kept, a CR before the LF
    /// dropped, every other control character spelled out.
    public var pagerText: [UInt8] {
        var output: [UInt8] = []
        for line in lines {
            for piece in DiffPaneLayout.droppingFinalCarriageReturn(line) {
                switch piece {
                case .style(let sequence): output += sequence
                case .text(let text):
                    for (index, part) in text.split(separator: 0x09, omittingEmptySubsequences: false).enumerated() {
                        if index > 0 { output.append(0x09) }
                        TerminalText.append(part, to: &output)
                    }
                }
            }
            output.append(0x0A)
        }
        return output
    }

    /// The lines of a filter's output: split at LF (a last empty line left out).
    private static func lines(ofOutput output: [UInt8]) -> [[DiffPaneLayout.Piece]] {
        var lines = output[...].split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map(DiffPaneLayout.pieces(ofFilteredLine:))
    }
}
