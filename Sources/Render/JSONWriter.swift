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
