/// Paths in the marks file, quoted as git quotes them with `core.quotePath` false: a path
/// holding a control character, DEL, `"` or `\` is written in double quotes with C escapes
/// (`\t`, `\n`, `\"`, `\\`, `\ooo`); any other path, including non-ASCII bytes, as it is.
enum PathQuoting {
    /// `bytes` quoted when they need to be.
    static func quoted(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { path in
            [UInt8](unsafeUninitializedCapacity: quotedCount(path)) { buffer, count in
                count = buffer.baseAddress.map { writeQuoted(path, to: $0) - $0 } ?? 0
            }
        }
    }

    /// Whether `path` is written quoted.
    static func needsQuoting(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        for byte in path { found = found || needsEscape(byte) }
        return found
    }

    /// How many bytes `path` takes quoted when it needs to be.
    static func quotedCount(_ path: UnsafeBufferPointer<UInt8>) -> Int {
        var count = path.count
        for byte in path where needsEscape(byte) { count += letter(escaping: byte) == nil ? 3 : 1 }
        return count == path.count ? count : count + 2
    }

    /// Writes `path` at `target`, quoted when it needs to be (``quotedCount(_:)`` bytes);
    /// returns where its last byte ends.
    static func writeQuoted(_ path: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard let base = path.baseAddress else { return target }
        guard needsQuoting(path) else {
            target.initialize(from: base, count: path.count)
            return target + path.count
        }
        var end = target
        func put(_ byte: UInt8) {
            end.initialize(to: byte)
            end += 1
        }
        put(UInt8(ascii: "\""))
        for byte in path {
            guard needsEscape(byte) else {
                put(byte)
                continue
            }
            put(UInt8(ascii: "\\"))
            if let letter = letter(escaping: byte) {
                put(letter)
            } else {
                for shift: UInt8 in [6, 3, 0] { put(UInt8(ascii: "0") + ((byte >> shift) & 7)) }
            }
        }
        put(UInt8(ascii: "\""))
        return end
    }

    /// The path `field` stands for: unquoted when it starts with `"`; `nil` when the quoting
    /// is broken.
    static func unquoted(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        guard field.first == UInt8(ascii: "\"") else { return Array(field) }
        guard field.count >= 2, field.last == UInt8(ascii: "\"") else { return nil }
        let body = field.dropFirst().dropLast()
        var result: [UInt8] = []
        result.reserveCapacity(body.count)
        var index = body.startIndex
        while index < body.endIndex {
            let byte = body[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return nil }
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < body.endIndex else { return nil }
            let next = body[index]
            index += 1
            if let escaped = unescaped(next) {
                result.append(escaped)
            } else if (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(next), index + 1 < body.endIndex,
                      let value = octal(next, body[index], body[index + 1]) {
                result.append(value)
                index += 2
            } else {
                return nil
            }
        }
        return result
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func octal(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt8? {
        var value = 0
        for digit in [first, second, third] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { return nil }
            value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= 0xFF ? UInt8(value) : nil
    }

    private static func letter(escaping byte: UInt8) -> UInt8? {
        letters.first { $0.byte == byte }?.letter
    }

    private static func unescaped(_ letter: UInt8) -> UInt8? {
        letters.first { $0.letter == letter }?.byte
    }

    private static let letters: [(byte: UInt8, letter: UInt8)] = [
        (0x07, UInt8(ascii: "a")), (0x08, UInt8(ascii: "b")), (0x09, UInt8(ascii: "t")), (0x0A, UInt8(ascii: "n")),
        (0x0B, UInt8(ascii: "v")), (0x0C, UInt8(ascii: "f")), (0x0D, UInt8(ascii: "r")),
        (UInt8(ascii: "\""), UInt8(ascii: "\"")), (UInt8(ascii: "\\"), UInt8(ascii: "\\")),
    ]
}
