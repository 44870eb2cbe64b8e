/// A streaming JSON writer: appends UTF-8 to ``bytes`` as values are written, pretty-printed
/// or compact.
///
/// Keys come out in the order written. Pretty-printed, objects and arrays span several lines,
/// indented by two spaces; compact, there is no whitespace at all. Empty containers are
/// written `{}` and `[]`. The caller pairs `begin`/`end` calls and writes a ``key(_:)``
/// before each value inside an object.
public struct JSONWriter {
    /// The document written so far.
    public internal(set) var bytes: [UInt8] = []
    /// Whether to write newlines, indentation and a space after each colon.
    public let pretty: Bool

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
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    /// Ends the innermost object.
    public mutating func endObject() { end(UInt8(ascii: "}")) }

    /// Starts an array.
    public mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open()
    }

    /// Ends the innermost array.
    public mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Writes an object key; the next value written is its value.
    public mutating func key(_ name: String) {
        beginValue()
        appendQuoted(name)
        bytes.append(pretty ? ": " : ":")
        afterKey = true
    }

    /// Writes an object key known to need no escaping (a literal of plain ASCII).
    mutating func key(literal name: StaticString) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(name)
        bytes.append(pretty ? "\": " : "\":")
        afterKey = true
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        beginValue()
        appendQuoted(value)
    }

    /// Writes a string value given as valid UTF-8 bytes.
    mutating func utf8String(_ value: [UInt8]) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        value.withUnsafeBufferPointer { JSONWriter.appendEscaped(utf8: $0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes an integer value.
    public mutating func int(_ value: Int) {
        beginValue()
        bytes.append(decimal: value)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        beginValue()
        if value { bytes.append("true") } else { bytes.append("false") }
    }

    /// Writes `null`.
    public mutating func null() {
        beginValue()
        bytes.append("null")
    }

    /// Hands the document written so far to `output` once it reaches `output`'s chunk size.
    mutating func flushIfFull(to output: inout RenderOutput) throws {
        guard bytes.count >= output.chunkSize else { return }
        swap(&bytes, &output.bytes)
        defer { swap(&bytes, &output.bytes) }
        try output.flush()
    }

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        count += 1
        newline()
    }

    private mutating func open() {
        enclosingCounts.append(count)
        count = 0
        depth += 1
    }

    private mutating func end(_ bracket: UInt8) {
        precondition(depth > 0, "JSONWriter: end without begin")
        depth -= 1
        if count > 0 { newline() }
        count = enclosingCounts.removeLast()
        bytes.append(bracket)
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(spaces: depth * 2)
    }

    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        JSONWriter.appendEscaped(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
