import TreeModel

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
