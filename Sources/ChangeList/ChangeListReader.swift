import GitRules
import TreeModel

/// Reads a change list from standard input, in one of the ``ChangeListForm``s: recognized
/// from the shape of the whole input, or named by `--stdin=<form>`. Lines end in a newline,
/// or records in a NUL (`-z`, or any input whose first 64 KiB hold a NUL). Output of other
/// git commands (`--stat`, patches, logs, tags, signatures) is refused, never read as paths.
public struct ChangeListReader {
    /// A line that cannot be read, a path that is not allowed, or input that is not a change list.
    public struct InputError: Error, Equatable, CustomStringConvertible {
        /// The message, one line.
        public let description: String

        /// `description`, with control characters (which input may carry into it) escaped.
        init(description: String) {
            self.description = Self.escapingControlCharacters(description)
        }

        /// An error about one line or record.
        init(_ place: Place, _ message: String) {
            self.init(description: "\(place): \(message)")
        }

        private static func escapingControlCharacters(_ text: String) -> String {
            var escaped = ""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x09: escaped += "\\t"
                case 0x0A: escaped += "\\n"
                case 0x0D: escaped += "\\r"
                case 0..<0x20, 0x7F..<0xA0:
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\x" + (hex.count < 2 ? "0" + hex : hex)
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped
        }
    }

    /// Where in the input an error is: a line, or a record of NUL-separated input.
    enum Place: CustomStringConvertible, Sendable {
        /// A line of newline-separated input, from 1.
        case line(Int)
        /// A record of NUL-separated input, from 1.
        case record(Int)

        public var description: String {
            switch self {
            case .line(let number): "line \(number)"
            case .record(let number): "record \(number)"
            }
        }
    }

    /// What was read.
    public struct ChangeList {
        /// The changes, in input order (duplicates kept: the tree keeps the first); empty
        /// when the input was a bare path list read into ``paths``.
        public var changes: [FileChange]
        /// The paths of a bare path list (one per line), kept in one buffer.
        public var paths: PathList? = nil
        /// Whether the input was bare paths, which may not name a path both as a file and a directory.
        public var isBarePaths: Bool
        /// For `git diff --raw` input, each change's object ids, in the order of ``changes``
        /// (``FileChange`` has no place for them).
        var objectIDs: ObjectIDList? = nil

        /// A change list of these parts.
        public init(changes: [FileChange], paths: PathList? = nil, isBarePaths: Bool, objectIDs: ObjectIDList? = nil) {
            self.changes = changes
            self.paths = paths
            self.isBarePaths = isBarePaths
            self.objectIDs = objectIDs
        }
    }

    /// Parses `input`: NUL-separated with `nulSeparated` (`-z`), in the form `form` if given,
    /// else the form the input has.
    public static func read(_ input: [UInt8], nulSeparated: Bool, form: ChangeListForm? = nil) throws -> ChangeList {
        let separator = try separator(of: input, nulSeparated: nulSeparated)
        let form = try form ?? ChangeListRecognizer.form(of: input, separator: separator)
        switch (form, separator) {
        case (.paths, newline): return try readBarePathLines(input)
        case (.paths, _): return try readBarePathRecords(input)
        case (.nameStatus, newline): return try readNameStatusLines(input)
        case (.nameStatus, _): return try readNameStatusRecords(input)
        case (.raw, newline): return try readRawLines(input)
        case (.raw, _): return try readRawRecords(input)
        case (.porcelain, newline): return try readPorcelainLines(input)
        case (.porcelain, _): return try readPorcelainRecords(input)
        }
    }

    static let newline = UInt8(ascii: "\n")
    static let tab = UInt8(ascii: "\t")
    static let space = UInt8(ascii: " ")
    static let carriageReturn = UInt8(ascii: "\r")

    /// How the input is separated: `-z` asks for NUL; without it, a NUL near the start
    /// says so (no path holds a NUL), else newlines. `-z` on input with newlines but no NUL
    /// is refused: it would read the whole input as one path.
    static func separator(of input: [UInt8], nulSeparated: Bool) throws -> UInt8 {
        if nulSeparated {
            if !input.contains(0) && input.contains(newline) {
                throw InputError(description: "-z was given, but the input has no NUL byte: pipe git's -z output (git diff --name-status -z), or leave out -z")
            }
            return 0
        }
        return input.prefix(ChangeListRecognizer.headBytes).contains(0) ? 0 : newline
    }

    /// Calls `body` with the input's bytes and the range of every non-empty line of it
    /// (without its newline and a carriage return before it) and its number, counting from 1.
    static func forEachLine(_ input: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) throws -> Void) throws {
        try input.withUnsafeBufferPointer { buffer in
            var start = 0
            var number = 0
            while start < buffer.count {
                let next = ByteScan.firstIndex(of: newline, in: buffer, from: start)
                var end = next
                number += 1
                if end > start && buffer[end - 1] == carriageReturn { end -= 1 }
                if end > start { try body(buffer, start..<end, number) }
                start = next + 1
            }
        }
    }

    /// An empty array with room for the changes of `input`, guessed from its first line.
    static func reservedChanges(for input: [UInt8]) -> [FileChange] {
        let firstLength = input.prefix(4096).firstIndex(of: newline) ?? input.prefix(4096).firstIndex(of: 0) ?? 4096
        return largeBuffer(capacity: input.count / max(8, firstLength) + 16)
    }

    /// The path in `range` of a line of `input`: taken as it is when it already is a plain,
    /// normalized path (most are), else unquoted, validated and normalized.
    @inline(__always)
    static func linePath(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, input: [UInt8], line: Int) throws -> RawPath {
        let field = UnsafeBufferPointer(rebasing: buffer[range])
        if !field.isEmpty && field[0] != UInt8(ascii: "\"") && TreePath.isNormalFile(field) {
            return RawPath(bytes: Array(field))
        }
        return try linePath(input[range], line: line)
    }

    /// `raw`, validated and normalized.
    static func checkedPath(_ raw: RawPath, at place: Place) throws -> RawPath {
        do {
            return try TreePath(raw).normalized
        } catch {
            throw InputError(place, "\(error)")
        }
    }

    /// A path field of a line: unquoted as git quotes it, validated and normalized.
    static func linePath(_ field: ArraySlice<UInt8>, line: Int) throws -> RawPath {
        guard field.count >= 2, field.first == UInt8(ascii: "\""), field.last == UInt8(ascii: "\"") else {
            return try checkedPath(RawPath(bytes: Array(field)), at: .line(line))
        }
        guard let bytes = CUnquoting.unquoted(field) else {
            throw InputError(.line(line), "bad quoting in \(String(decoding: field, as: UTF8.self))")
        }
        return try checkedPath(RawPath(bytes: bytes), at: .line(line))
    }

    /// A path record of NUL-separated input, taken as it is, validated and normalized.
    static func recordPath(_ field: ArraySlice<UInt8>, record: Int) throws -> RawPath {
        try checkedPath(RawPath(bytes: Array(field)), at: .record(record))
    }

    /// A field of input for a message: at most 60 characters, lossy UTF-8.
    static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(60), as: UTF8.self)
        return "'" + text + (bytes.count > 60 ? "…" : "") + "'"
    }
}
