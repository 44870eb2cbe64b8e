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

/// The marks file: a version line, then one mark per line, sorted by path bytes:
///
///     treereview viewed 1
///     <40 hex digits> TAB <path>
///
/// The id is the file's new side's object id when it was marked (``ViewedMarks/deletion``
/// for a deletion); the path is quoted as git quotes it with `core.quotePath` false (see
/// ``PathQuoting``), so a path with a tab or a newline stays on its line.
extension ViewedMarks {
    /// The version this treereview writes and reads.
    static let formatVersion = 1

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        SortedMarks(self).encoded()
    }

    /// The marks `bytes` hold. A later line for the same path replaces an earlier one.
    public init(decoding bytes: [UInt8]) throws(ViewedMarksFormatError) {
        let entries = try SortedMarks.entries(decoding: bytes)
        var byPath: [RawPath: ObjectHash] = [:]
        byPath.reserveCapacity(entries.count)
        for entry in entries { byPath[entry.path] = entry.id }
        self.init(byPath)
    }
}

/// Why a marks file cannot be read.
public enum ViewedMarksFormatError: Error, Equatable, CustomStringConvertible {
    /// Not what treereview writes: line `line` (1: the version line) is wrong.
    case damaged(line: Int, reason: String)
    /// Written by a newer treereview, in a version this one does not know.
    case newerVersion(Int)

    public var description: String {
        switch self {
        case .damaged(let line, let reason): "line \(line): \(reason)"
        case .newerVersion(let version): "written by a newer treereview (version \(version))"
        }
    }
}

/// One change to the viewed marks: a path marked with an id, or unmarked.
public struct ViewedMarkEdit: Equatable, Sendable {
    /// The file's path.
    public var path: RawPath
    /// The id the path is marked with; `nil` takes its mark away.
    public var id: ObjectHash?

    /// `path` marked viewed with its new side's id (`nil`: no new side, a deletion), as
    /// ``ViewedMarks/markViewed(_:newObject:)`` marks it.
    public static func viewed(_ path: RawPath, newObject: ObjectHash?) -> ViewedMarkEdit {
        ViewedMarkEdit(path: path, id: newObject ?? ViewedMarks.deletion)
    }

    /// `path`'s mark taken away.
    public static func unviewed(_ path: RawPath) -> ViewedMarkEdit {
        ViewedMarkEdit(path: path, id: nil)
    }
}
