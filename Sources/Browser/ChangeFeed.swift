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
    /// What changed since the last read, or `nil` when it cannot be read now (the next wake
    /// tries again).
    func changes() -> ChangeRefresh?
}

/// What a live refresh read again.
public enum ChangeRefresh: Sendable, Equatable {
    /// Every change of the comparison, in place of all those before.
    case all([FileChange])
    /// The changes at or below `paths` (files or directories), in place of those there
    /// before; the changes elsewhere stay as they are.
    case within(paths: [RawPath], changes: [FileChange])
}

extension ChangeRefresh {
    /// The whole list after this refresh, from the list `changes` before it: the changes
    /// read, or `changes` with those at or below the paths read replaced. Sorted by path.
    public func applied(to changes: [FileChange]) -> [FileChange] {
        switch self {
        case .all(let all):
            return all.sorted { $0.path < $1.path }
        case .within(let paths, let read):
            let scope = paths.map(\.bytes)
            let isRead = { (change: FileChange) in
                scope.contains { Browser.path(change.path.bytes, isWithin: $0) }
            }
            return (changes.filter { !isRead($0) } + read.filter(isRead)).sorted { $0.path < $1.path }
        }
    }
}
