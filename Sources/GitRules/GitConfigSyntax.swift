/// git's reading of a configuration file's text (`git_parse_source` of git 2.39), byte for
/// byte: `[section]` and `[section "subsection"]` headers, `key = value` lines whose key starts
/// with a letter, values with `"` quoting, `\` escapes (`\n`, `\t`, `\b`, `\\`, `\"` and a
/// line break) and `#`/`;` comments, CR LF line ends, a UTF-8 byte order mark. The first line
/// git refuses is named as git names it (`bad config line N`), and every variable comes with
/// the line git gives it, for the messages about its value.
public enum GitConfigSyntax {
    /// One variable as git reads it.
    public struct Entry: Equatable, Sendable {
        /// Its name as git normalizes it: section and key lowercased, a subsection as written.
        public var name: String
        /// Its value; `nil` for a key with no `=`.
        public var value: String?
        /// The line git reports for it (the last line of a value continued over several).
        public var line: Int

        public init(name: String, value: String?, line: Int) {
            self.name = name
            self.value = value
            self.line = line
        }
    }

    /// The line git refuses, counted from 1.
    public struct BadLine: Error, Equatable, Sendable {
        public var line: Int

        public init(line: Int) { self.line = line }
    }

    /// The variables of `text` in order, or the first line git refuses.
    public static func parse(_ text: [UInt8]) -> Result<[Entry], BadLine> {
        var reader = Reader(text)
        return reader.entries()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var atEnd = false

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// `get_next_char`: CR LF read as LF, the end as a LF (counted as a line at every read, as git counts it).
        mutating func next() -> UInt8 {
            guard index < bytes.count else {
                line += 1
                atEnd = true
                return 0x0A
            }
            var c = bytes[index]
            index += 1
            if c == 0x0D, index < bytes.count, bytes[index] == 0x0A {
                c = 0x0A
                index += 1
            }
            if c == 0x0A { line += 1 }
            return c
        }

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        static func isKeyChar(_ c: UInt8) -> Bool { isAlpha(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D }
        static func lowered(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }

        mutating func entries() -> Result<[Entry], BadLine> {
            var result: [Entry] = []
            var section: [UInt8] = []
            var comment = false
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            var bomIndex = 0
            while true {
                let c = next()
                if bomIndex >= 0 && bomIndex < bom.count {
                    if c == bom[bomIndex] && !atEnd {
                        bomIndex += 1
                        continue
                    }
                    if bomIndex > 0 { return .failure(BadLine(line: line)) }
                    bomIndex = -1
                }
                if c == 0x0A {
                    if atEnd { return .success(result) }
                    comment = false
                    continue
                }
                if comment || Self.isSpace(c) { continue }
                if c == 0x23 || c == 0x3B {
                    comment = true
                    continue
                }
                if c == 0x5B {
                    guard let name = header(), !name.isEmpty else { return .failure(BadLine(line: line)) }
                    section = name + [0x2E]
                    continue
                }
                guard Self.isAlpha(c), let entry = variable(section + [Self.lowered(c)]) else {
                    return .failure(BadLine(line: line))
                }
                result.append(entry)
            }
        }

        /// `get_base_var`: a section header after its `[`, as `section` or `section.subsection`.
        mutating func header() -> [UInt8]? {
            var name: [UInt8] = []
            while true {
                let c = next()
                if atEnd { return nil }
                if c == 0x5D { return name }
                if Self.isSpace(c) { return subsection(after: name, c) }
                guard Self.isKeyChar(c) || c == 0x2E else { return nil }
                name.append(Self.lowered(c))
            }
        }

        /// `get_extended_base_var`: ` "subsection"]` after a section's name.
        mutating func subsection(after section: [UInt8], _ first: UInt8) -> [UInt8]? {
            var c = first
            repeat {
                if c == 0x0A { return incomplete() }
                c = next()
            } while Self.isSpace(c)
            guard c == 0x22 else { return nil }
            var name = section + [0x2E]
            while true {
                var c = next()
                if c == 0x0A { return incomplete() }
                if c == 0x22 { break }
                if c == 0x5C {
                    c = next()
                    if c == 0x0A { return incomplete() }
                }
                name.append(c)
            }
            return next() == 0x5D ? name : nil
        }

        /// A header broken by a line end: git names the line it started on.
        mutating func incomplete() -> [UInt8]? {
            line -= 1
            return nil
        }

        /// `get_value`: the rest of a key, then nothing or `= value`.
        mutating func variable(_ start: [UInt8]) -> Entry? {
            var name = start
            var c: UInt8
            while true {
                c = next()
                if atEnd || !Self.isKeyChar(c) { break }
                name.append(Self.lowered(c))
            }
            while c == 0x20 || c == 0x09 { c = next() }
            var value: [UInt8]?
            if c != 0x0A {
                guard c == 0x3D, let parsed = self.value() else { return nil }
                value = parsed
            }
            return Entry(name: String(decoding: name, as: UTF8.self), value: value.map { String(decoding: $0, as: UTF8.self) },
                         line: line - 1)
        }

        /// `parse_value`: quoting, escapes, comments and blanks as git reads them.
        mutating func value() -> [UInt8]? {
            var value: [UInt8] = []
            var quote = false, comment = false, spaces = 0
            while true {
                var c = next()
                if c == 0x0A {
                    if quote {
                        line -= 1
                        return nil
                    }
                    return value
                }
                if comment { continue }
                if Self.isSpace(c) && !quote {
                    if !value.isEmpty { spaces += 1 }
                    continue
                }
                if !quote && (c == 0x3B || c == 0x23) {
                    comment = true
                    continue
                }
                value.append(contentsOf: repeatElement(0x20, count: spaces))
                spaces = 0
                if c == 0x5C {
                    c = next()
                    switch c {
                    case 0x0A: continue
                    case 0x74: c = 0x09
                    case 0x62: c = 0x08
                    case 0x6E: c = 0x0A
                    case 0x5C, 0x22: break
                    default: return nil
                    }
                    value.append(c)
                    continue
                }
                if c == 0x22 {
                    quote.toggle()
                    continue
                }
                value.append(c)
            }
        }
    }
}
