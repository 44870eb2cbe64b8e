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
    /// Entries that disappear from the output: deletions used as a source, unmodified paths.
    var removed: Set<Int>
    /// git's warnings for the limit, exact text.
    var warnings: [String]
}
