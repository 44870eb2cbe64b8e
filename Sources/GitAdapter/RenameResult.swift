/// A destination paired with its source.
struct RenamePair: Sendable, Equatable {
    /// Index of the destination entry (an addition).
    var destination: Int
    /// Index of the source entry (a deletion, or in copy mode any surviving path).
    var source: Int
    /// 0...60000.
    var score: Int
    /// Whether git prints it as a copy (`C`) rather than a rename (`R`).
    var isCopy: Bool
}

/// What rename detection decided.
struct RenameResult: Sendable {
    /// Pairs in destination (path) order.
    var pairs: [RenamePair]
    /// By entry index, whether the entry disappears from the output: a deletion used as a
    /// source. (Unmodified entries, copy sources only, never appear.)
    var removed: [Bool]
    /// git's warnings for the limit, exact text.
    var warnings: [String]

    /// Whether entry `index` disappears from the output (see ``removed``).
    func isRemoved(_ index: Int) -> Bool {
        index < removed.count && removed[index]
    }
}
