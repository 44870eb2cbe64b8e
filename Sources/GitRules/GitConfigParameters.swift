/// The configuration git takes from its environment (`git_config_from_parameters` of git
/// 2.39), above every file: first `GIT_CONFIG_COUNT` pairs of `GIT_CONFIG_KEY_<n>` and
/// `GIT_CONFIG_VALUE_<n>`, then `GIT_CONFIG_PARAMETERS`, where `git -c` puts its settings
/// (`'key'='value'` words in shell single quotes, or the older `'key=value'`). Keys are
/// checked and made canonical as `git_config_parse_key` does; a bad one is an error in git's words.
public enum GitConfigParameters {
    /// One setting: its canonical name (section and key lowercased, a subsection as written)
    /// and value (`nil`: the key alone, a true boolean).
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var value: String?
    }

    /// What git refuses, in its words (`bogus count in GIT_CONFIG_COUNT`, `invalid key: 1x`).
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// The settings `environment` gives, in git's order.
    public static func entries(environment: [String: String]) throws(Problem) -> [Entry] {
        var result: [Entry] = []
        if let text = environment["GIT_CONFIG_COUNT"] {
            guard let count = UInt(text.isEmpty ? "0" : text) else { throw Problem(message: "bogus count in GIT_CONFIG_COUNT") }
            guard count <= UInt(Int32.max) else { throw Problem(message: "too many entries in GIT_CONFIG_COUNT") }
            for index in 0..<Int(count) {
                guard let key = environment["GIT_CONFIG_KEY_\(index)"] else {
                    throw Problem(message: "missing config key GIT_CONFIG_KEY_\(index)")
                }
                guard let value = environment["GIT_CONFIG_VALUE_\(index)"] else {
                    throw Problem(message: "missing config value GIT_CONFIG_VALUE_\(index)")
                }
                guard !key.isEmpty else { throw Problem(message: "empty config key") }
                result.append(Entry(name: try canonical(key), value: value))
            }
        }
        if let text = environment["GIT_CONFIG_PARAMETERS"] {
            result += try parameters(Array(text.utf8))
        }
        return result
    }

    /// `git_config_parse_key`: `section[.subsection].key`, the section of letters, digits and
    /// `-`, the key the same starting with a letter, the subsection anything but a line break.
    public static func canonical(_ key: String) throws(Problem) -> String {
        let bytes = Array(key.utf8)
        guard let last = bytes.lastIndex(of: 0x2E), last > 0 else {
            throw Problem(message: "key does not contain a section: \(key)")
        }
        guard last + 1 < bytes.count else { throw Problem(message: "key does not contain variable name: \(key)") }
        let first = bytes.firstIndex(of: 0x2E)!
        var result: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if index < first || index > last {
                let isKeyChar = isAlpha(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
                guard isKeyChar, index != last + 1 || isAlpha(byte) else { throw Problem(message: "invalid key: \(key)") }
                result.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else {
                guard byte != 0x0A else { throw Problem(message: "invalid key (newline): \(key)") }
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// `parse_config_env_list`.
    private static func parameters(_ text: [UInt8]) throws(Problem) -> [Entry] {
        let bogus = Problem(message: "bogus format in GIT_CONFIG_PARAMETERS")
        var result: [Entry] = []
        var cursor = 0
        while cursor < text.count {
            guard let (key, next) = dequoted(text, from: cursor) else { throw bogus }
            var after: Int?
            if next == nil || isSpace(text[next!]) {
                result.append(try oldStyle(key))
                after = next
            } else if text[next!] == 0x3D {
                let position = next! + 1
                var value: String?
                if position < text.count && text[position] == 0x27 {
                    guard let (quoted, rest) = dequoted(text, from: position), rest.map({ isSpace(text[$0]) }) ?? true else {
                        throw bogus
                    }
                    value = quoted
                    after = rest
                } else if position >= text.count || isSpace(text[position]) {
                    after = position < text.count ? position : nil
                } else {
                    throw bogus
                }
                guard !key.isEmpty else { throw Problem(message: "empty config key") }
                result.append(Entry(name: try canonical(key), value: value))
            } else {
                throw bogus
            }
            guard var position = after else { break }
            while position < text.count && isSpace(text[position]) { position += 1 }
            cursor = position
        }
        return result
    }

    /// `git_config_parse_parameter`: `key=value`, `key=` (empty) or `key` (no value).
    private static func oldStyle(_ text: String) throws(Problem) -> Entry {
        let bytes = Array(text.utf8)
        let equals = bytes.firstIndex(of: 0x3D)
        let keyBytes = equals.map { Array(bytes[..<$0]) } ?? bytes
        let value = equals.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) }
        let key = String(decoding: keyBytes, as: UTF8.self).trimmingBlanks
        guard !key.isEmpty else { throw Problem(message: "bogus config parameter: \(text)") }
        return Entry(name: try canonical(key), value: value)
    }

    /// `sq_dequote_step`: one shell single-quoted word at `start` (`'\''` and `'\!'` kept as the
    /// quote and `!`), and where the text goes on after it (`nil` at the end).
    private static func dequoted(_ text: [UInt8], from start: Int) -> (String, Int?)? {
        guard start < text.count, text[start] == 0x27 else { return nil }
        var word: [UInt8] = []
        var index = start
        while true {
            index += 1
            guard index < text.count else { return nil }
            let c = text[index]
            if c != 0x27 {
                word.append(c)
                continue
            }
            index += 1
            guard index < text.count else { return (String(decoding: word, as: UTF8.self), nil) }
            if text[index] == 0x5C, index + 2 < text.count, [0x27, 0x21].contains(text[index + 1]), text[index + 2] == 0x27 {
                word.append(text[index + 1])
                index += 2
                continue
            }
            return (String(decoding: word, as: UTF8.self), index)
        }
    }
}

private extension String {
    /// Without leading and trailing blanks (`strbuf_trim`).
    var trimmingBlanks: String {
        let bytes = Array(utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
