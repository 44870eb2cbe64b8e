import GitRules

/// A streaming JSON writer: appends UTF-8 to its buffer as values are written, pretty-printed
/// or compact.
///
/// Keys come out in the order written. Pretty-printed, objects and arrays span several lines,
/// indented by two spaces; compact, there is no whitespace at all. Empty containers are
/// written `{}` and `[]`. The caller pairs `begin`/`end` calls and writes a ``key(_:)``
/// before each value inside an object.
///
/// Not copyable: it owns its buffer, which ``flushIfFull(to:)`` and ``finish(into:)`` hand on.
public struct JSONWriter: ~Copyable {
    /// The document written so far (and not handed on).
    public var bytes: [UInt8] { buffer.array }
    /// Whether to write newlines, indentation and a space after each colon.
    public let pretty: Bool

    var buffer = ByteBuffer()
    /// Each icon name met so far, quoted and escaped, by its number in the run's ``FileIcons``.
    var iconNames: [[UInt8]] = []
    /// Values written so far in each open container, outermost first, except the innermost.
    private var enclosingCounts: [Int] = []
    /// Values written so far in the innermost open container.
    private var count = 0
    private var depth = 0
    private var afterKey = false

    public init(pretty: Bool = true) {
        self.pretty = pretty
    }

    /// A writer of the first members of a container `depth` levels in, to be handed to the
    /// writer of the whole document with ``adoptMembers(_:count:)``.
    init(pretty: Bool, membersAtDepth depth: Int) {
        self.pretty = pretty
        self.depth = depth
        enclosingCounts = Array(repeating: 0, count: depth)
    }

    /// Hands `output` what is written so far, then the `chunks` that a writer made with
    /// ``init(pretty:membersAtDepth:)`` wrote at this depth: `count` members of the innermost
    /// container, as if written here.
    mutating func adoptMembers(_ chunks: [[UInt8]], count members: Int, flushingTo output: inout RenderOutput) throws {
        precondition(count == 0 && !afterKey, "JSONWriter: members adopted into a container already written to")
        guard members > 0 else { return }
        moveBytes(to: &output)
        for chunk in chunks { try output.hand(chunk) }
        count = members
    }

    /// Starts an object.
    public mutating func beginObject() {
        beginValue()
        buffer.append(UInt8(ascii: "{"))
        open()
    }

    /// Ends the innermost object.
    public mutating func endObject() { end(UInt8(ascii: "}")) }

    /// Starts an array.
    public mutating func beginArray() {
        beginValue()
        buffer.append(UInt8(ascii: "["))
        open()
    }

    /// Ends the innermost array.
    public mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Writes an object key; the next value written is its value.
    public mutating func key(_ name: String) {
        beginValue()
        appendQuoted(name)
        buffer.append(pretty ? ": " : ":")
        afterKey = true
    }

    /// Writes an object key known to need no escaping (a literal of plain ASCII).
    @inline(__always)
    mutating func key(literal name: StaticString) {
        beginValue()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append(pretty ? "\": " : "\":")
        afterKey = true
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        beginValue()
        appendQuoted(value)
    }

    /// Writes a string value given as valid UTF-8 bytes.
    mutating func utf8String(_ value: UnsafeBufferPointer<UInt8>) {
        beginValue()
        buffer.append(UInt8(ascii: "\""))
        JSONWriter.appendEscaped(utf8: value, to: &buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Writes a string value given as valid UTF-8 bytes.
    mutating func utf8String(_ value: [UInt8]) {
        value.withUnsafeBufferPointer { utf8String($0) }
    }

    /// Writes bytes as text, as `String(decoding:as: UTF8.self)` reads them (ill-formed
    /// bytes as U+FFFD).
    mutating func lossyText(_ value: UnsafeBufferPointer<UInt8>) {
        if JSONWriter.isASCII(value) { return utf8String(value) }
        string(String(decoding: value, as: UTF8.self))
    }

    /// Writes bytes as text, as ``lossyText(_:)-(UnsafeBufferPointer<UInt8>)`` does.
    mutating func lossyText(_ value: ArraySlice<UInt8>) {
        value.withUnsafeBufferPointer { lossyText($0) }
    }

    /// Writes an integer value.
    public mutating func int(_ value: Int) {
        beginValue()
        buffer.append(decimal: value)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        beginValue()
        if value { buffer.append("true") } else { buffer.append("false") }
    }

    /// Writes `null`.
    public mutating func null() {
        beginValue()
        buffer.append("null")
    }

    /// Hands the document written so far, after what `output` holds, to `output` once the
    /// two reach `output`'s chunk size.
    mutating func flushIfFull(to output: inout RenderOutput) throws {
        guard output.bytes.count + buffer.count >= output.chunkSize else { return }
        moveBytes(to: &output)
        try output.flush()
    }

    /// Appends the document written so far to `output`'s bytes.
    mutating func moveBytes(to output: inout RenderOutput) {
        buffer.withUnsafeBufferPointer { output.bytes.append(contentsOf: $0) }
        buffer.removeAll()
    }

    @inline(__always)
    mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if count > 0 { buffer.append(UInt8(ascii: ",")) }
        count += 1
        if pretty { newline() }
    }

    private mutating func open() {
        enclosingCounts.append(count)
        count = 0
        depth += 1
    }

    private mutating func end(_ bracket: UInt8) {
        precondition(depth > 0, "JSONWriter: end without begin")
        depth -= 1
        if count > 0 && pretty { newline() }
        count = enclosingCounts.removeLast()
        buffer.append(bracket)
    }

    private mutating func newline() {
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(spaces: depth * 2)
    }

    private mutating func appendQuoted(_ value: String) {
        buffer.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { JSONWriter.appendEscaped(utf8: $0, to: &buffer) }
        buffer.append(UInt8(ascii: "\""))
    }
}

extension JSONWriter {
    /// Appends valid UTF-8 bytes escaped for the inside of a JSON string: `"` and `\`, every
    /// C0 control (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`), DEL and the C1 controls
    /// (`\u007f`, `\u0080`…`\u009f`), and U+2028/U+2029, which JavaScript treats as line ends.
    ///
    /// Runs of plain ASCII bytes are found eight at a time (``escapeMask(_:)``) and copied
    /// whole; room for the worst case (six bytes out per byte in) is made once.
    static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer) {
        guard let source = utf8.baseAddress, !utf8.isEmpty else { return }
        let target = output.reserve(utf8.count * 6)
        var written = 0
        var run = 0
        while true {
            let index = firstToEscape(in: utf8, from: run)
            if index > run {
                (target + written).update(from: source + run, count: index - run)
                written += index - run
            }
            if index == utf8.count { break }
            run = index + appendEscape(utf8, at: index, to: target + written, written: &written)
        }
        output.commit(written)
    }

    /// The first index at or after `start` whose byte may need escaping, or `bytes.count`.
    @inline(__always)
    private static func firstToEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var index = start
        while index + 8 <= bytes.count {
            let mask = escapeMask(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if mask != 0 { return index + mask.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count && escapeMask(UInt64(bytes[index])) & 0x80 == 0 { index += 1 }
        return index
    }

    /// A mask with the high bit set in the bytes of `word` that may need escaping: below 0x20,
    /// `"`, `\`, and from DEL (0x7F) up, among which 0xC2 and 0xE2 start the C1 controls and
    /// U+2028/U+2029. Exact per byte, so the lowest marked byte is the first to look at.
    @inline(__always)
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highs: UInt64 = 0x8080_8080_8080_8080
        let low = word & lows
        // Adding to the low seven bits never carries into the next byte: each sum stays below 0x100.
        let control = ~((low &+ 0x6060_6060_6060_6060) | word) & highs      // below 0x20
        let quote = ~((low ^ 0x2222_2222_2222_2222) &+ lows) & highs         // low bits 0x22
        let backslash = ~((low ^ 0x5C5C_5C5C_5C5C_5C5C) &+ lows) & highs     // low bits 0x5C
        let upper = ((low &+ 0x0101_0101_0101_0101) | word) & highs          // 0x7F and up
        return control | ((quote | backslash) & ~word) | upper
    }

    /// Whether every byte is below 0x80.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        let base = UnsafeRawPointer(start)
        var index = 0
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
            seen |= base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            seen |= UInt64(bytes[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// Writes the byte (or sequence) at `index` at `target`, escaped when it must be, and adds
    /// what it wrote to `written`.
    /// - Returns: how many bytes it consumed.
    @inline(__always)
    private static func appendEscape(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, to target: UnsafeMutablePointer<UInt8>,
                                     written: inout Int) -> Int {
        let byte = utf8[index]
        let next = index + 1 < utf8.count ? utf8[index + 1] : 0
        func pair(_ second: UInt8) {
            target[0] = UInt8(ascii: "\\")
            target[1] = second
            written += 2
        }
        func unicode(_ high: UInt8, _ low: UInt8) {
            target[0] = UInt8(ascii: "\\")
            target[1] = UInt8(ascii: "u")
            target[2] = Hex.digit(high >> 4)
            target[3] = Hex.digit(high & 0x0F)
            target[4] = Hex.digit(low >> 4)
            target[5] = Hex.digit(low & 0x0F)
            written += 6
        }
        switch byte {
        case 0x22: pair(UInt8(ascii: "\""))
        case 0x5C: pair(UInt8(ascii: "\\"))
        case 0x0A: pair(UInt8(ascii: "n"))
        case 0x09: pair(UInt8(ascii: "t"))
        case 0x0D: pair(UInt8(ascii: "r"))
        case 0x08: pair(UInt8(ascii: "b"))
        case 0x0C: pair(UInt8(ascii: "f"))
        case 0x00..<0x20, 0x7F:
            unicode(0x00, byte)
        case 0xC2 where next >= 0x80 && next < 0xA0:
            unicode(0x00, next)
            return 2
        case 0xE2 where next == 0x80 && index + 2 < utf8.count && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
            unicode(0x20, utf8[index + 2] - 0xA8 + 0x28)
            return 3
        default:
            target[0] = byte
            written += 1
        }
        return 1
    }
}
