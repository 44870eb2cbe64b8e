import Glibc

/// The bounds of a change list read from standard input, checked as it is read so that input
/// that is not a change list (`/dev/zero`, `/dev/full`, a binary file) ends in an error after a
/// bounded read instead of filling memory:
///
/// - a line or record: at most ``maximumLineBytes`` without a newline or a NUL (git's paths
///   are a few KiB at most; a `--raw` line with two paths quoted byte by byte stays far
///   below);
/// - blank input: at most ``maximumLineBytes`` of newlines, NULs and carriage returns in a
///   row (git never prints empty lines or records in a change list);
/// - the whole input: at most ``maximumInputBytes``.
///
/// ``scan(_:)`` takes the input chunk after chunk, each of at most ``maximumLineBytes``.
public struct ChangeListBounds: Sendable {
    /// The longest line or record, and the longest run of blank ones, in bytes (1 MiB).
    public static let maximumLineBytes = 1 << 20
    /// The largest input, in bytes (1 GiB: some ten million paths).
    public static let maximumInputBytes = 1 << 30
    /// The size of the chunks ``scan(_:)`` takes at most.
    public static let chunkBytes = maximumLineBytes

    /// The bound on one line, and on a run of blank ones, in bytes.
    public let lineBytes: Int
    /// The bound on the whole input, in bytes.
    public let inputBytes: Int
    /// The bytes scanned so far.
    public private(set) var scanned = 0
    /// The bytes since the last newline or NUL.
    private var lineRun = 0
    /// The bytes since the last byte that is not a newline, a NUL or a carriage return.
    private var blankRun = 0

    /// Bounds of `lineBytes` per line and `inputBytes` in all (smaller ones are for tests).
    public init(lineBytes: Int = maximumLineBytes, inputBytes: Int = maximumInputBytes) {
        self.lineBytes = lineBytes
        self.inputBytes = inputBytes
    }

    /// Checks the input's size before it is read, when it is known (a regular file).
    public func check(size: Int) throws(ChangeListReader.InputError) {
        if size > inputBytes { throw Self.tooLarge(inputBytes) }
    }

    /// Takes the next `chunk` of the input (at most ``chunkBytes``); throws once a bound is passed.
    public mutating func scan(_ chunk: UnsafeRawBufferPointer) throws(ChangeListReader.InputError) {
        let start = scanned
        scanned += chunk.count
        if scanned > inputBytes { throw Self.tooLarge(inputBytes) }
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let count = chunk.count
        if let first = Self.firstLineEnd(bytes, count) {
            if lineRun + first > lineBytes { throw Self.longLine(from: start - lineRun, lineBytes) }
            lineRun = count - 1 - Self.lastLineEnd(bytes, count)
        } else {
            lineRun += count
            if lineRun > lineBytes { throw Self.longLine(from: start + count - lineRun, lineBytes) }
        }
        var leading = 0
        while leading < count && Self.isBlank(bytes[leading]) { leading += 1 }
        if leading == count {
            blankRun += count
        } else {
            var trailing = 0
            while Self.isBlank(bytes[count - 1 - trailing]) { trailing += 1 }
            blankRun += leading
            if blankRun > lineBytes { throw Self.blank(from: start + leading - blankRun, lineBytes) }
            blankRun = trailing
        }
        if blankRun > lineBytes { throw Self.blank(from: start + count - blankRun, lineBytes) }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0 || byte == 0x0D
    }

    /// The offset of the first newline or NUL of the chunk.
    private static func firstLineEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        let newline = memchr(bytes, 0x0A, count).map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) }
        let nul = memchr(bytes, 0, newline ?? count).map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) }
        return nul ?? newline
    }

    /// The offset of the last newline or NUL of a chunk that holds one (a scan back over the
    /// last line only).
    private static func lastLineEnd(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var index = count - 1
        while index > 0 && bytes[index] != 0x0A && bytes[index] != 0 { index -= 1 }
        return index
    }

    private static func tooLarge(_ limit: Int) -> ChangeListReader.InputError {
        ChangeListReader.InputError(description: "the input is larger than \(size(limit)): this is not a change list")
    }

    private static func longLine(from offset: Int, _ limit: Int) -> ChangeListReader.InputError {
        ChangeListReader.InputError(description: "more than \(size(limit)) without a line end (from byte \(offset)): this is not a change list")
    }

    private static func blank(from offset: Int, _ limit: Int) -> ChangeListReader.InputError {
        ChangeListReader.InputError(description: "more than \(size(limit)) of empty lines or NUL bytes (from byte \(offset)): this is not a change list")
    }

    /// `bytes` in GiB, MiB or KiB when it is a whole number of them.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
