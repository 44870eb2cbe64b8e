import TreeModel

/// What goes in front of a row below the top level: for each ancestor row below the top
/// level a guide (`│   `) or a blank, then the branch (`├── `, or `└── ` for the last
/// sibling). Kept from one row to the next: a walk's next row shares most of its ancestors
/// with the row before, so only the levels from the first one that differs are drawn
/// again, over the bytes of the last drawing.
struct GuidePrefix {
    private let glyphs: Glyphs
    /// The prefix of a row that has a later sibling, in its first ``count`` bytes (the rest
    /// is left from longer prefixes drawn before), and of one that has none.
    private var branch: [UInt8] = []
    private var lastBranch: [UInt8] = []
    /// How long both prefixes are.
    private var count = 0
    /// The guides drawn.
    private var drawn = AncestorGuides()
    /// Where the pieces of the ancestor levels drawn end: `ends[level]` for levels 1 to
    /// `drawn.count - 1`; `ends[0]` is 0 (the top level draws nothing).
    private var ends = [0]

    /// The prefix of a row with no ancestors below the top level.
    init(_ glyphs: Glyphs) {
        self.glyphs = glyphs
    }

    /// Lends `body` the prefix of a row with `guides`, the last of its siblings when `isLast`.
    @inline(__always)
    mutating func withPrefix<R>(guides: AncestorGuides, isLast: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if guides != drawn { redraw(guides) }
        let count = count
        if isLast { return lastBranch.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) } }
        return branch.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    private mutating func redraw(_ guides: AncestorGuides) {
        let same = max(1, guides.levelsInCommon(with: drawn))
        var end = ends[same - 1]
        for level in same..<guides.count {
            let piece = guides[level] ? glyphs.pipe : glyphs.blank
            Self.write(piece, at: end, into: &branch)
            Self.write(piece, at: end, into: &lastBranch)
            end += piece.count
            if level < ends.count { ends[level] = end } else { ends.append(end) }
        }
        Self.write(glyphs.branch, at: end, into: &branch)
        Self.write(glyphs.lastBranch, at: end, into: &lastBranch)
        count = end + glyphs.branch.count
        drawn = guides
    }

    /// Puts `piece` at `offset` of `bytes`, over what is there and past its end.
    private static func write(_ piece: [UInt8], at offset: Int, into bytes: inout [UInt8]) {
        let overwritten = min(piece.count, bytes.count - offset)
        if overwritten > 0 {
            bytes.withUnsafeMutableBufferPointer { bytes in
                piece.withUnsafeBufferPointer { piece in
                    _ = UnsafeMutableBufferPointer(rebasing: bytes[offset..<(offset + overwritten)])
                        .update(fromContentsOf: UnsafeBufferPointer(rebasing: piece[..<overwritten]))
                }
            }
        }
        if overwritten < piece.count { bytes.append(contentsOf: piece[max(0, overwritten)...]) }
    }
}
