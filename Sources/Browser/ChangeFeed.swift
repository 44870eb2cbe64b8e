import TreeModel

/// Where live refresh gets the changes again (working-tree and `--staged` comparisons): a
/// descriptor that becomes readable when files or the index may have changed (inotify), or
/// none, and then the session asks every ``pollInterval``.
public protocol ChangeFeed: AnyObject {
    /// The descriptor to watch, or `nil` to poll.
    var descriptor: Int32? { get }
    /// How long to wait between reads when polling.
    var pollInterval: Duration { get }
    /// Reads what woke the descriptor (when there is one), so it stops being readable.
    func drain()
    /// The changes read again, or `nil` when they cannot be read now (the next wake tries again).
    func changes() -> [FileChange]?
}
