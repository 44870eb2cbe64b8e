import TreeModel

/// Shapes of single lines, shared by the recognizer and the readers.
enum ChangeListLine {
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// A full object id: 40 (SHA-1) or 64 (SHA-256) lower-case hexadecimal digits.
    static func isObjectID(_ bytes: ArraySlice<UInt8>) -> Bool {
        (bytes.count == 40 || bytes.count == 64) && bytes.allSatisfy(isHexDigit)
    }

    /// Whether `line` starts with `prefix`.
    static func starts(_ line: ArraySlice<UInt8>, with prefix: String) -> Bool {
        line.starts(with: prefix.utf8)
    }

    /// `M\tpath`, `R100\told\tnew`: a status code, then a tab.
    static func isNameStatus(_ line: ArraySlice<UInt8>) -> Bool {
        guard let tab = line.firstIndex(of: ChangeListReader.tab) else { return false }
        return ChangeListReader.StatusCode(line[..<tab]) != nil
    }

    /// `:100644 100644 <id> <id> M\tpath`: a `--raw` line.
    static func isRaw(_ line: ArraySlice<UInt8>) -> Bool {
        ChangeListReader.RawHeader(line) != nil
    }

    /// `XY path`, `## main`: a line of `git status --porcelain`.
    static func isPorcelain(_ line: ArraySlice<UInt8>) -> Bool {
        starts(line, with: "## ") || ChangeListReader.PorcelainStatus(line) != nil
    }

    /// The error for `line`, which does not have the form `form`: what it looks like when it
    /// is recognizably the output of another git command, else what was expected.
    static func error(_ line: ArraySlice<UInt8>, at place: ChangeListReader.Place, in form: ChangeListForm) -> ChangeListReader.InputError {
        if let foreign = ChangeListRecognizer.ForeignOutput(line: line) {
            return ChangeListReader.InputError(place, foreign.message)
        }
        if form == .nameStatus, case .record = place {
            return ChangeListReader.InputError(place, "\(ChangeListReader.quoted(line)) is not a git status")
        }
        if form == .nameStatus, let tab = line.firstIndex(of: ChangeListReader.tab) {
            return ChangeListReader.InputError(place, "\(ChangeListReader.quoted(line[..<tab])) is not a git status")
        }
        return ChangeListReader.InputError(place, "not a \(form.displayName) line: \(ChangeListReader.quoted(line))")
    }
}

/// The NUL-terminated fields of `-z` input, one at a time (a last field may lack its NUL).
struct ChangeListRecords {
    private let input: [UInt8]
    private var position = 0

    init(_ input: [UInt8]) {
        self.input = input
    }

    /// The next field, without its NUL; `nil` at the end of the input.
    mutating func next() -> ArraySlice<UInt8>? {
        guard position < input.count else { return nil }
        let end = input.withUnsafeBufferPointer { ByteScan.firstIndex(of: 0, in: $0, from: position) }
        defer { position = end + 1 }
        return input[position..<end]
    }

    /// The next field, a path that `status` (the field of record `record` before it) needs.
    mutating func path(after status: ArraySlice<UInt8>, record: Int) throws -> RawPath {
        guard let path = next() else {
            throw ChangeListReader.InputError(.record(record), "\(ChangeListReader.quoted(status)) is missing its path")
        }
        return try ChangeListReader.recordPath(path, record: record)
    }

    /// Skips a first field that is an object id: `git diff-tree -z <commit>` starts with the commit's.
    mutating func skipObjectID() {
        var copy = self
        if position == 0, let field = copy.next(), ChangeListLine.isObjectID(field) { self = copy }
    }
}

/// Builds a ``PathList`` over an input: paths that lie in the input as they are are kept as
/// ranges of it; paths that had to be unquoted or normalized are copied after it.
struct ChangeListPathBuilder {
    private var ranges: [Range<Int>] = []
    private var copied: [UInt8] = []
    private var copiedEntries: [Int] = []

    /// Reserves room for the paths of an input of `inputSize` bytes, guessed from the first
    /// path's length, once: before the first path.
    @inline(__always)
    mutating func reserveOnce(inputSize: Int, firstLength: Int) {
        if ranges.isEmpty && ranges.capacity == 0 {
            ranges = largeBuffer(capacity: inputSize / max(8, firstLength) + 16)
        }
    }

    /// A path that lies in the input at `range`.
    @inline(__always)
    mutating func append(inPlace range: Range<Int>) {
        ranges.append(range)
    }

    /// A path that is not in the input as it is.
    mutating func append(_ path: RawPath) {
        copiedEntries.append(ranges.count)
        ranges.append(copied.count..<(copied.count + path.bytes.count))
        copied.append(contentsOf: path.bytes)
    }

    /// The paths, over `input` followed by the copied paths.
    func pathList(of input: [UInt8]) -> PathList {
        guard !copied.isEmpty else { return PathList(bytes: input, ranges: ranges) }
        var bytes = input
        var ranges = ranges
        let offset = bytes.count
        bytes.append(contentsOf: copied)
        for entry in copiedEntries {
            ranges[entry] = (ranges[entry].lowerBound + offset)..<(ranges[entry].upperBound + offset)
        }
        return PathList(bytes: bytes, ranges: ranges)
    }
}
