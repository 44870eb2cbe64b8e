import GitRules

/// Where a renderer writes: a byte buffer it appends to, handed on in chunks of about
/// ``chunkSize`` bytes while the rendering goes on, so that output of any size takes a
/// bounded amount of memory.
///
/// A renderer appends to ``bytes`` and calls ``flushIfFull()`` between pieces (a row, a
/// file entry); the caller calls ``flush()`` at the end. Collecting output
/// (``init(collecting:)``) keeps everything in ``bytes`` and never hands anything on.
public struct RenderOutput {
    /// The bytes rendered and not handed on yet; renderers append here.
    public var bytes: [UInt8]
    /// The size past which ``flushIfFull()`` hands the bytes on.
    let chunkSize: Int
    private let write: (([UInt8]) throws -> Void)?

    /// The chunk size of output handed on: 1 MiB.
    public static let defaultChunkSize = 1 << 20

    /// Output handed to `write` in chunks of about `chunkSize` bytes (at least 1).
    public init(chunkSize: Int = RenderOutput.defaultChunkSize, write: @escaping ([UInt8]) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.write = write
        bytes = []
        bytes.reserveCapacity(self.chunkSize + Self.slack)
    }

    /// Output collected whole in ``bytes``, after `bytes`.
    public init(collecting bytes: [UInt8] = []) {
        self.bytes = bytes
        chunkSize = .max
        write = nil
    }

    /// Room kept past a chunk, for the piece that crosses its end.
    private static let slack = 1 << 16

    /// Hands the bytes on once they reach ``chunkSize``.
    @inline(__always)
    mutating func flushIfFull() throws {
        if bytes.count >= chunkSize { try flush() }
    }

    /// Hands on every byte not handed on yet (nothing when collecting).
    public mutating func flush() throws {
        guard let write, !bytes.isEmpty else { return }
        try write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands on the bytes not handed on yet, then `chunk` as it is (appended when collecting).
    mutating func hand(_ chunk: [UInt8]) throws {
        guard let write else { return bytes.append(contentsOf: chunk) }
        try flush()
        try write(chunk)
    }

    /// Runs a rendering that writes to a ``RenderOutput`` and appends all it writes to `bytes`.
    static func collect(into bytes: inout [UInt8], _ render: (inout RenderOutput) throws -> Void) {
        var output = RenderOutput(collecting: [])
        swap(&output.bytes, &bytes)
        do {
            try render(&output)
        } catch {
            preconditionFailure("collected output is never handed on, so it cannot fail: \(error)")
        }
        swap(&output.bytes, &bytes)
    }
}

/// A growable run of bytes written through a pointer, for a writer that appends millions of
/// small pieces (the JSON report): each append checks the room left once and copies, with
/// none of an array's uniqueness checks or element-wise generic copying.
///
/// Not copyable: the storage has one owner, freed with it.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes written so far.
    private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int = 1 << 12) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes and returns where they go; ``commit(_:)`` then says
    /// how many were written.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < extra { grow(toHold: count + extra) }
        return base + count
    }

    /// Counts `written` bytes put where ``reserve(_:)`` pointed.
    @inline(__always)
    mutating func commit(_ written: Int) { count += written }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let larger = max(capacity * 2, needed)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    /// Appends bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes of an array.
    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 bytes of a literal.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends `value` in decimal.
    mutating func append(decimal value: Int) {
        let digits = decimalDigits(value)
        let sign = value < 0 ? 1 : 0
        let start = reserve(sign + digits)
        if sign == 1 { start.pointee = UInt8(ascii: "-") }
        var rest = value.magnitude
        var position = sign + digits
        repeat {
            position -= 1
            start[position] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
        } while rest > 0
        count += sign + digits
    }

    /// Appends `count` spaces.
    mutating func append(spaces count: Int) {
        guard count > 0 else { return }
        reserve(count).update(repeating: UInt8(ascii: " "), count: count)
        self.count += count
    }

    /// Forgets every byte, keeping the storage.
    mutating func removeAll() { count = 0 }

    /// Lends the bytes written so far.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes written so far.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

/// Small appenders used by the renderers, which build their output as UTF-8 bytes.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of a string.
    mutating func append(string: String) {
        append(contentsOf: string.utf8)
    }

    /// Appends `value` in decimal.
    mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            append(UInt8(truncatingIfNeeded: 48 + (magnitude / divisor) % 10))
            divisor /= 10
        }
    }

    /// Appends `count` spaces (nothing when `count` is not positive).
    mutating func append(spaces count: Int) {
        var remaining = count
        while remaining > 0 {
            let chunk = Swift.min(remaining, 64)
            Self.spaces.withUTF8Buffer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<chunk])) }
            remaining -= chunk
        }
    }

    private static var spaces: StaticString {
        "                                                                "
    }

    /// Appends `byte` as two lowercase hexadecimal digits.
    mutating func append(hex byte: UInt8) {
        append(Hex.digit(byte >> 4))
        append(Hex.digit(byte & 0x0F))
    }
}

/// The number of decimal digits of a non-negative `value`.
func decimalDigits(_ value: Int) -> Int {
    var count = 1
    var rest = value.magnitude
    while rest >= 10 {
        rest /= 10
        count += 1
    }
    return count
}

/// Standard base64 (RFC 4648, with `=` padding), for the exact bytes of paths in JSON.
enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(remaining > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            output.append(remaining > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
