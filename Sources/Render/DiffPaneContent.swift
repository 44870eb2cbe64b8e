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
    /// The new side's id the patch was made from (``PatchText/newObject``): what the lines
    /// show, for the browser to tell when the file changed since; `nil` for a message.
    public private(set) var newObject: ObjectHash?

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
        newObject = patch.newObject
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

extension DiffPaneContent {
    /// The one line the pane shows for a submodule's change, in git's `meta` color:
    /// `Submodule lib 1a2b3c4..5d6e7f8`, `Submodule lib added at 5d6e7f8`,
    /// `Submodule lib deleted at 1a2b3c4`, with ` (modified content)` when the submodule's
    /// working tree has changes (git's `-dirty`) and `(renamed from old)` after a renamed
    /// one's name. `nil` for anything else (a type change keeps git's lines: it has a file's;
    /// so does a conflict). The commits are abbreviated as the patch's `index` line
    /// abbreviates them; a rename without a change (no such line) shows the change's commit.
    static func submoduleLine(of change: FileChange, patch: PatchText, colors: PatchColors) -> [DiffPaneLayout.Piece]? {
        guard change.isSubmodule, change.status != .typeChanged, change.status != .unmerged else { return nil }
        var old: ArraySlice<UInt8>?
        var new: ArraySlice<UInt8>?
        var abbreviations: [ArraySlice<UInt8>] = []
        for line in patch.lines {
            let text = patch.text(of: line)
            switch line.kind {
            case .deletion: old = text.dropFirst().removingPrefix("Subproject commit ") ?? old
            case .insertion: new = text.dropFirst().removingPrefix("Subproject commit ") ?? new
            case .header:
                if let ids = text.removingPrefix("index ") {
                    abbreviations = ids.prefix { $0 != UInt8(ascii: " ") }.split(separator: UInt8(ascii: "."))
                }
            default: break
            }
        }
        if old == nil && new == nil {
            old = change.oldCommit.map { Array($0.hex.utf8)[...] }
            new = change.newCommit.map { Array($0.hex.utf8)[...] }
        }
        let dirtySuffix = Array("-dirty".utf8)
        let dirty = new?.suffix(dirtySuffix.count).elementsEqual(dirtySuffix) ?? false
        func short(_ commit: ArraySlice<UInt8>?, _ slot: Int) -> String {
            if abbreviations.count == 2, !abbreviations[slot].allSatisfy({ $0 == UInt8(ascii: "0") }) {
                return String(decoding: abbreviations[slot], as: UTF8.self)
            }
            return String(decoding: (commit ?? []).prefix(7), as: UTF8.self)
        }
        var text = Array("Submodule ".utf8) + change.path.bytes
        if let from = change.oldPath, from != change.path { text += Array(" (renamed from ".utf8) + from.bytes + [UInt8(ascii: ")")] }
        switch (old, new) {
        case (let old?, let new?):
            let first = short(old, 0)
            let second = short(dirty ? new.dropLast(dirtySuffix.count) : new, 1)
            text += Array((first == second ? " \(first)" : " \(first)..\(second)").utf8)
        case (nil, let new?): text += Array(" added at \(short(dirty ? new.dropLast(dirtySuffix.count) : new, 1))".utf8)
        case (let old?, nil): text += Array(" deleted at \(short(old, 0))".utf8)
        case (nil, nil): return nil
        }
        if dirty { text += Array(" (modified content)".utf8) }
        let summary = PatchText(bytes: text + [0x0A], lines: [PatchText.Line(kind: .header, range: 0..<text.count)])
        return PatchColorizer(patch: summary, colors: colors).pieces(of: summary.lines[0]).map { piece in
            switch piece {
            case .style(let sequence): .style(sequence[...])
            case .text(let range): .text(summary.bytes[range])
            }
        }
    }
}

extension ArraySlice<UInt8> {
    /// The bytes after `prefix`, or `nil` when they do not start with it.
    fileprivate func removingPrefix(_ prefix: String) -> ArraySlice<UInt8>? {
        starts(with: prefix.utf8) ? dropFirst(prefix.utf8.count) : nil
    }
}

/// What the tree shows after a submodule's name: its commits, abbreviated as
/// `git diff --submodule=short` shows them: ` (submodule a35398c → cfb9c87)`, or the one
/// commit of a submodule added, removed or with only its content changed.
enum SubmoduleLabel {
    /// Appends the label of `change` to `output` and returns its display width; nothing for a
    /// change without a submodule side, or for a type change (its mode label names the submodule).
    static func append(_ change: FileChange, glyphs: Glyphs, to output: inout [UInt8]) -> Int {
        guard change.isSubmodule, change.status != .typeChanged else { return 0 }
        let commits = [change.oldCommit, change.newCommit].compactMap { $0?.abbreviated }
        guard let first = commits.first else { return 0 }
        let start = output.count
        output.append(contentsOf: " (submodule \(first)".utf8)
        var width = output.count - start
        if commits.count == 2 && commits[1] != first {
            output.append(contentsOf: glyphs.rightArrow)
            output.append(contentsOf: commits[1].utf8)
            width += glyphs.rightArrowWidth + commits[1].utf8.count
        }
        output.append(UInt8(ascii: ")"))
        return width + 1
    }
}
