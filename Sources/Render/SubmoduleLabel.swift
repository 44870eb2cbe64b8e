import TreeModel

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
