import TreeModel

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
