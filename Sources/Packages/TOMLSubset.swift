/// A value as the TOML subset reader keeps it: strings, arrays and inline tables; anything
/// else (numbers, booleans, dates) as the text written.
public indirect enum TOMLValue: Sendable, Equatable {
    case string(String)
    case array([TOMLValue])
    case table([String: TOMLValue])
    case other(String)

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Whether the value is the boolean `true`.
    public var isTrue: Bool { self == .other("true") }
}

/// One `key = value` of a TOML document: the table it is in, its (dotted) key, its line.
public struct TOMLEntry: Sendable, Equatable {
    /// The table header it is under (`["target", "cfg(unix)", "dependencies"]`), empty at the top.
    public var table: [String]
    /// Its key, split at dots.
    public var key: [String]
    /// Its value.
    public var value: TOMLValue
    /// Its line (1-based).
    public var line: Int
}

/// A small TOML reader for manifests: table headers (`[a.b]`, `[[a]]`), dotted and quoted
/// keys, basic and literal strings (multi-line too), arrays and inline tables. A line it
/// cannot read is a note; reading goes on at the next line.
public struct TOMLSubset: Sendable {
    /// The entries, in the document's order.
    public private(set) var entries: [TOMLEntry] = []
    /// Every table header, with its line.
    public private(set) var tables: [(name: [String], line: Int)] = []
    /// Lines not read, with what was wrong.
    public private(set) var problems: [(line: Int, message: String)] = []

    private var bytes: [UInt8]
    private var position = 0
    private var line = 1

    /// Reads `text`.
    public init(_ text: String) {
        bytes = Array(text.utf8)
        var table: [String] = []
        while true {
            skipBlank(newlines: true)
            guard position < bytes.count else { break }
            let start = line
            do {
                if bytes[position] == UInt8(ascii: "[") {
                    table = try header()
                    tables.append((table, start))
                } else {
                    let key = try dottedKey()
                    skipBlank(newlines: false)
                    try expect("=")
                    skipBlank(newlines: false)
                    let value = try self.value()
                    entries.append(TOMLEntry(table: table, key: key, value: value, line: start))
                }
                skipBlank(newlines: false)
                if position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
                    throw Failure(message: "unexpected text after a value")
                }
            } catch let failure as Failure {
                problems.append((start, failure.message))
                skipToNextLine()
            } catch {}
        }
    }

    /// The entries under table `name`.
    public func entries(in name: [String]) -> [TOMLEntry] { entries.filter { $0.table == name } }

    /// Whether the document has table `name`, as a header or as the start of one's name.
    public func hasTable(_ name: String) -> Bool {
        tables.contains { $0.name.first == name } || entries.contains { $0.table.isEmpty && $0.key.first == name }
    }

    /// The value of `key` in table `table` (a dotted key under a parent table counts too).
    public func value(_ key: [String], in table: [String]) -> TOMLValue? {
        for entry in entries {
            if entry.table == table && entry.key == key { return entry.value }
            if entry.table + entry.key == table + key { return entry.value }
        }
        return nil
    }

    private struct Failure: Error { var message: String }

    private mutating func header() throws -> [String] {
        position += 1
        let array = position < bytes.count && bytes[position] == UInt8(ascii: "[")
        if array { position += 1 }
        skipBlank(newlines: false)
        let name = try dottedKey()
        skipBlank(newlines: false)
        try expect("]")
        if array { try expect("]") }
        return name
    }

    private mutating func dottedKey() throws -> [String] {
        var parts = [try keyPart()]
        while true {
            skipBlank(newlines: false)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ".") else { return parts }
            position += 1
            skipBlank(newlines: false)
            parts.append(try keyPart())
        }
    }

    private mutating func keyPart() throws -> String {
        guard position < bytes.count else { throw Failure(message: "a key was expected") }
        switch bytes[position] {
        case UInt8(ascii: "\""): return try basicString()
        case UInt8(ascii: "'"): return try literalString()
        default:
            let start = position
            while position < bytes.count, Self.isBareKeyByte(bytes[position]) { position += 1 }
            guard position > start else { throw Failure(message: "a key was expected") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
    }

    private mutating func value() throws -> TOMLValue {
        guard position < bytes.count else { throw Failure(message: "a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try basicString())
        case UInt8(ascii: "'"): return .string(try literalString())
        case UInt8(ascii: "["):
            position += 1
            var items: [TOMLValue] = []
            while true {
                skipBlank(newlines: true)
                guard position < bytes.count else { throw Failure(message: "an array is not closed") }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                items.append(try value())
                skipBlank(newlines: true)
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
            }
        case UInt8(ascii: "{"):
            position += 1
            var table: [String: TOMLValue] = [:]
            while true {
                skipBlank(newlines: false)
                guard position < bytes.count, bytes[position] != UInt8(ascii: "\n") else {
                    throw Failure(message: "an inline table is not closed on its line")
                }
                if bytes[position] == UInt8(ascii: "}") { position += 1; return .table(table) }
                let key = try dottedKey()
                skipBlank(newlines: false)
                try expect("=")
                skipBlank(newlines: false)
                let item = try value()
                table[key.joined(separator: ".")] = item
                skipBlank(newlines: false)
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
            }
        default:
            let start = position
            while position < bytes.count, !Self.endsBareValue(bytes[position]) { position += 1 }
            let text = String(decoding: bytes[start..<position], as: UTF8.self).trimmingSpaces
            guard !text.isEmpty else { throw Failure(message: "a value was expected") }
            return .other(text)
        }
    }

    private mutating func basicString() throws -> String {
        if starts(with: "\"\"\"") { return try multiline(quote: UInt8(ascii: "\""), escapes: true) }
        position += 1
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") { break }
            position += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
            if byte == UInt8(ascii: "\\") { text += try escape() } else { text.append(byte) }
        }
        throw Failure(message: "a string is not closed on its line")
    }

    private mutating func literalString() throws -> String {
        if starts(with: "'''") { return try multiline(quote: UInt8(ascii: "'"), escapes: false) }
        position += 1
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "'"), bytes[position] != UInt8(ascii: "\n") {
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "'") else {
            throw Failure(message: "a string is not closed on its line")
        }
        position += 1
        return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
    }

    private mutating func multiline(quote: UInt8, escapes: Bool) throws -> String {
        position += 3
        var text: [UInt8] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1; line += 1 }
        while position < bytes.count {
            if bytes[position] == quote, bytes.count - position >= 3,
               bytes[position + 1] == quote, bytes[position + 2] == quote {
                position += 3
                return String(decoding: text, as: UTF8.self)
            }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\n") { line += 1 }
            if escapes && byte == UInt8(ascii: "\\") { text += try escape() } else { text.append(byte) }
        }
        throw Failure(message: "a multi-line string is not closed")
    }

    private mutating func escape() throws -> [UInt8] {
        guard position < bytes.count else { throw Failure(message: "a string is not closed") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): return [10]
        case UInt8(ascii: "t"): return [9]
        case UInt8(ascii: "r"): return [13]
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): return [byte]
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            guard bytes.count - position >= count,
                  let scalar = UInt32(String(decoding: bytes[position..<(position + count)], as: UTF8.self), radix: 16)
                    .flatMap(Unicode.Scalar.init) else { throw Failure(message: "a bad \\u escape") }
            position += count
            return Array(String(Character(scalar)).utf8)
        case UInt8(ascii: "\n"):
            line += 1
            while position < bytes.count, [9, 10, 13, 32].contains(bytes[position]) {
                if bytes[position] == 10 { line += 1 }
                position += 1
            }
            return []
        default: throw Failure(message: "an unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        return text.withUTF8Buffer { bytes[position..<(position + count)].elementsEqual($0) }
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else {
            throw Failure(message: "'\(character)' was expected")
        }
        position += 1
    }

    /// Skips spaces, tabs and comments; with `newlines`, line ends too.
    private mutating func skipBlank(newlines: Bool) {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): position += 1
            case UInt8(ascii: "\n") where newlines:
                position += 1
                line += 1
            case UInt8(ascii: "#"):
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            default: return
            }
        }
    }

    private mutating func skipToNextLine() {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func endsBareValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "#")
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
