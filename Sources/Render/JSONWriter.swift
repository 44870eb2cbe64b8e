/// A streaming JSON writer: appends pretty-printed UTF-8 to ``bytes`` as values are written.
///
/// Keys come out in the order written. Objects and arrays span several lines, indented by
/// two spaces; empty ones are written `{}` and `[]`. The caller pairs `begin`/`end` calls
/// and writes a ``key(_:)`` before each value inside an object.
public struct JSONWriter {
    /// The document written so far.
    public internal(set) var bytes: [UInt8] = []

    private struct Container {
        var count = 0
    }

    private var open: [Container] = []
    private var afterKey = false

    public init() {}

    /// Starts an object.
    public mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        open.append(Container())
    }

    /// Ends the innermost object.
    public mutating func endObject() { end(UInt8(ascii: "}")) }

    /// Starts an array.
    public mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open.append(Container())
    }

    /// Ends the innermost array.
    public mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Writes an object key; the next value written is its value.
    public mutating func key(_ name: String) {
        beginValue()
        appendQuoted(name)
        bytes.append(": ")
        afterKey = true
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        beginValue()
        appendQuoted(value)
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

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard !open.isEmpty else { return }
        if open[open.count - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].count += 1
        newline(depth: open.count)
    }

    private mutating func end(_ bracket: UInt8) {
        let container = open.removeLast()
        if container.count > 0 { newline(depth: open.count) }
        bytes.append(bracket)
    }

    private mutating func newline(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(spaces: depth * 2)
    }

    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        JSONWriter.appendEscaped(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
