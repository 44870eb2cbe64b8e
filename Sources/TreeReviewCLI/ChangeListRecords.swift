import TreeModel

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
