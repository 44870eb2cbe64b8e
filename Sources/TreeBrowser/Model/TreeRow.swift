import TreeModel

/// One visible row of a ``TreeBrowserModel``: a file, a directory, or a flattened chain of
/// directories shown as one row, with what a view draws of it.
public struct TreeRow: Hashable, Sendable, CustomStringConvertible {
    /// The row's identity: the node it stands for, the last directory of a chain.
    public let identity: TreePath
    /// The identities the row shows, outermost first; one unless the row is a chain.
    public let chain: [TreePath]
    /// The row's level: top-level rows are on level 0, a chain's children one below it.
    public let level: Int
    /// Whether the row is open (every directory of its chain expanded).
    public let isExpanded: Bool
    /// A file's change: its status, origin and line counts (no status for a bare path);
    /// `nil` for a directory.
    public let change: FileChange?
    /// The roll-up of every file below a directory (Docs/TreeModel.md#status-and-roll-ups),
    /// or a file's own summary.
    public let summary: ChangeSummary
    /// The row's icon (Docs/TreeModel.md#icons): by the file's name, or the folder (open
    /// folder when the row is open).
    public let icon: IconResolution

    /// A row; `chain` ends with `identity`.
    public init(identity: TreePath, chain: [TreePath], level: Int, isExpanded: Bool,
                change: FileChange?, summary: ChangeSummary, icon: IconResolution) {
        self.identity = identity
        self.chain = chain
        self.level = level
        self.isExpanded = isExpanded
        self.change = change
        self.summary = summary
        self.icon = icon
    }

    /// Whether the row is a directory (or a chain of them).
    public var isDirectory: Bool { identity.isDirectory }

    /// The label's pieces: the chain's names, outermost first (`src`, `lib`, `core`).
    public var segments: [[UInt8]] { chain.map { Array($0.normalized.basename) } }

    /// The label: the segments joined by `/`, decoded lossily.
    public var label: String {
        String(decoding: Array(segments.joined(separator: [UInt8(ascii: "/")])), as: UTF8.self)
    }

    public var description: String {
        let marker = isDirectory ? (isExpanded ? "▾ " : "▸ ") : "  "
        return String(repeating: "  ", count: level) + marker + label
    }
}
