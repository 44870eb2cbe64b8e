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
