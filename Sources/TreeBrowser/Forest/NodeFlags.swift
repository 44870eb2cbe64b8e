/// What the hot passes of a ``PathForest`` read of each node — its kind, whether it is alive,
/// whether it is expanded — one byte per slot, kept apart from the nodes themselves: making
/// the rows of a fully expanded tree, or opening every directory, then reads a byte array
/// instead of a node of two hundred bytes per row.
struct NodeFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// A directory (else a file).
    static let directory = NodeFlags(rawValue: 1)
    /// Not removed.
    static let alive = NodeFlags(rawValue: 2)
    /// A directory whose own state is open.
    static let expanded = NodeFlags(rawValue: 4)

    /// The flags of a new live node.
    static func live(isDirectory: Bool) -> NodeFlags { isDirectory ? [.alive, .directory] : .alive }
}
