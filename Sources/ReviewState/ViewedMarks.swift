import TreeModel

/// Files marked viewed, as a pull-request page keeps them: one mark per path, holding the
/// object id the file's new side had when it was marked (and, from a comparison of two
/// commits, that comparison and the old side: ``ViewedMark``). A file whose new side has
/// another id now was changed since it was viewed.
///
/// A deletion has no new side: it is marked with ``deletion`` (40 zeros, as git writes a
/// missing side), so a deleted file stays viewed while it stays deleted.
public struct ViewedMarks: Equatable, Sendable {
    /// The marks by path.
    public private(set) var marks: [RawPath: ViewedMark]
    /// The ``ViewedMark/sequence`` the marks set on these get: one more than the largest
    /// they were read or made with.
    public private(set) var recordingSequence: Int

    /// The id that marks a deletion (and any change without a new side).
    public static let deletion = ObjectHash(bytes: [UInt8](repeating: 0, count: 20))!

    /// Marks with only new sides recorded, as given.
    public init(_ byPath: [RawPath: ObjectHash] = [:]) {
        self.init(marks: byPath.mapValues { ViewedMark(newObject: $0) })
    }

    /// Marks as given.
    public init(marks: [RawPath: ViewedMark]) {
        self.marks = marks
        recordingSequence = (marks.values.map(\.sequence).max() ?? 0) + 1
    }

    /// The marks: path → the new side's object id when it was marked viewed.
    public var byPath: [RawPath: ObjectHash] { marks.mapValues(\.newObject) }

    /// Whether there are none.
    public var isEmpty: Bool { marks.isEmpty }

    /// Every marked path, in byte order.
    public var paths: [RawPath] { marks.keys.sorted() }

    /// Marks `path` viewed with its new side's id (`nil`: no new side, a deletion), replacing
    /// an older mark; viewed in `comparison` (`nil`: the index or the working tree), whose
    /// old side of the file is `oldObject` (`nil`: none). Every mark set on these marks gets
    /// ``recordingSequence``.
    public mutating func markViewed(_ path: RawPath, newObject: ObjectHash?, oldObject: ObjectHash? = nil,
                                    in comparison: ReviewedComparison? = nil) {
        marks[path] = ViewedMark(newObject: newObject ?? Self.deletion, oldObject: oldObject ?? Self.deletion,
                                 comparison: comparison, sequence: recordingSequence)
    }

    /// Removes the mark of `path`; returns whether there was one.
    @discardableResult
    public mutating func unmark(_ path: RawPath) -> Bool {
        marks.removeValue(forKey: path) != nil
    }

    /// Whether both hold the same marks.
    public static func == (left: ViewedMarks, right: ViewedMarks) -> Bool {
        left.marks == right.marks
    }

    /// Whether the file at `path`, whose new side is now `newObject` (`nil`: none), is viewed.
    public func state(of path: RawPath, newObject: ObjectHash?) -> ViewState {
        guard let marked = marks[path] else { return .notViewed }
        return marked.newObject == (newObject ?? Self.deletion) ? .viewed : .changedSinceViewed
    }
}

/// The marks file: a version line, then one mark per line, sorted by path bytes:
///
///     treereview viewed 2
///     <new id> SP <old id> SP <head> SP <base> SP <sequence> TAB <path>
///
/// The new id is the file's new side's object id when it was marked (``ViewedMarks/deletion``
/// for a deletion); head and base are the commits (or trees) of the comparison it was viewed
/// in, and the old id its old side there (``ViewedMarks/deletion`` for an addition); a mark
/// made on the index or the working tree has `-` for all three, and base is `-` for the
/// empty tree. The sequence orders the marks by when they were made (``ViewedMark/sequence``).
/// The path is quoted as git quotes it with `core.quotePath` false (see ``PathQuoting``), so
/// a path with a tab or a newline stays on its line.
///
/// Version 1 files (`<new id> TAB <path>`, no comparison) are read too, and written as
/// version 2 by the next update; a version this treereview does not know is refused.
extension ViewedMarks {
    /// The version this treereview writes.
    static let formatVersion = 2

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        SortedMarks(self).encoded()
    }

    /// The marks `bytes` hold. A later line for the same path replaces an earlier one.
    public init(decoding bytes: [UInt8]) throws(ViewedMarksFormatError) {
        let entries = try SortedMarks.entries(decoding: bytes)
        var marks: [RawPath: ViewedMark] = [:]
        marks.reserveCapacity(entries.count)
        for entry in entries { marks[entry.path] = entry.mark }
        self.init(marks: marks)
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

/// One change to the viewed marks: a path marked, or unmarked.
public struct ViewedMarkEdit: Equatable, Sendable {
    /// The file's path.
    public var path: RawPath
    /// The mark the path gets (its sequence is the update's); `nil` takes its mark away.
    public var mark: ViewedMark?

    /// `path` marked viewed with its new side's id (`nil`: no new side, a deletion), in
    /// `comparison` with the old side `oldObject`, as
    /// ``ViewedMarks/markViewed(_:newObject:oldObject:in:)`` marks it.
    public static func viewed(_ path: RawPath, newObject: ObjectHash?, oldObject: ObjectHash? = nil,
                              in comparison: ReviewedComparison? = nil) -> ViewedMarkEdit {
        ViewedMarkEdit(path: path, mark: ViewedMark(newObject: newObject ?? ViewedMarks.deletion,
                                                    oldObject: oldObject ?? ViewedMarks.deletion, comparison: comparison))
    }

    /// `path`'s mark taken away.
    public static func unviewed(_ path: RawPath) -> ViewedMarkEdit {
        ViewedMarkEdit(path: path, mark: nil)
    }
}
