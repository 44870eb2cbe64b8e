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
    public static let formatVersion = 1
    private static let headerPrefix = Array("treereview viewed ".utf8)

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        var bytes = Self.headerPrefix + Array("\(Self.formatVersion)\n".utf8)
        bytes.reserveCapacity(bytes.count + byPath.count * 64)
        for path in paths {
            bytes += Array(byPath[path]!.hex.utf8)
            bytes.append(UInt8(ascii: "\t"))
            bytes += PathQuoting.quoted(path.bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The marks `bytes` hold. A later line for the same path replaces an earlier one.
    public init(decoding bytes: [UInt8]) throws(ViewedMarksFormatError) {
        guard !bytes.isEmpty else { throw .damaged(line: 1, reason: "the file is empty") }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard bytes.last == UInt8(ascii: "\n") else { throw .damaged(line: lines.count, reason: "the last line is cut off") }
        lines.removeLast()
        guard let header = lines.first, header.starts(with: Self.headerPrefix) else {
            throw .damaged(line: 1, reason: "no 'treereview viewed \(Self.formatVersion)' line")
        }
        let version = String(decoding: header.dropFirst(Self.headerPrefix.count), as: UTF8.self)
        guard version == "\(Self.formatVersion)" else {
            if let number = Int(version), number > Self.formatVersion { throw .newerVersion(number) }
            throw .damaged(line: 1, reason: "an unknown version")
        }
        var marks: [RawPath: ObjectHash] = [:]
        for (offset, line) in lines.enumerated().dropFirst() {
            guard line.count > 41, line[line.startIndex + 40] == UInt8(ascii: "\t"),
                  let id = ObjectHash(hex: String(decoding: line.prefix(40), as: UTF8.self))
            else { throw .damaged(line: offset + 1, reason: "not '<object id> TAB <path>'") }
            guard let path = PathQuoting.unquoted(line.dropFirst(41)), !path.isEmpty, !path.contains(0) else {
                throw .damaged(line: offset + 1, reason: "a path quoted wrongly")
            }
            marks[RawPath(bytes: path)] = id
        }
        self.init(marks)
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
