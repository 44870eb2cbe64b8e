import TreeModel

/// Files marked viewed, as a pull-request page keeps them: one mark per path, holding the
/// object id the file's new side had when it was marked. A file whose new side has another
/// id now was changed since it was viewed.
///
/// A deletion has no new side: it is marked with ``deletion`` (40 zeros, as git writes a
/// missing side), so a deleted file stays viewed while it stays deleted.
public struct ViewedMarks: Equatable, Sendable {
    /// The marks: path → the new side's object id when it was marked viewed.
    public private(set) var byPath: [RawPath: ObjectHash]

    /// The id that marks a deletion (and any change without a new side).
    public static let deletion = ObjectHash(bytes: [UInt8](repeating: 0, count: 20))!

    /// Marks as given.
    public init(_ byPath: [RawPath: ObjectHash] = [:]) {
        self.byPath = byPath
    }

    /// Whether there are none.
    public var isEmpty: Bool { byPath.isEmpty }

    /// Every marked path, in byte order.
    public var paths: [RawPath] { byPath.keys.sorted() }

    /// Marks `path` viewed with its new side's id (`nil`: no new side, a deletion), replacing
    /// an older mark.
    public mutating func markViewed(_ path: RawPath, newObject: ObjectHash?) {
        byPath[path] = newObject ?? Self.deletion
    }

    /// Removes the mark of `path`; returns whether there was one.
    @discardableResult
    public mutating func unmark(_ path: RawPath) -> Bool {
        byPath.removeValue(forKey: path) != nil
    }

    /// Whether the file at `path`, whose new side is now `newObject` (`nil`: none), is viewed.
    public func state(of path: RawPath, newObject: ObjectHash?) -> ViewState {
        guard let marked = byPath[path] else { return .notViewed }
        return marked == (newObject ?? Self.deletion) ? .viewed : .changedSinceViewed
    }
}
