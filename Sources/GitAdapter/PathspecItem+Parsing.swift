extension PathspecItem {
    /// What an element is resolved against.
    struct Context {
        /// The current directory from the top of the work tree (`sub/dir/`, empty at the top).
        var prefix: [UInt8]
        /// The work tree's real path, for absolute paths; `nil` without one.
        var workTree: String?
        /// What a path climbing out is outside of, for the message.
        var root: String?
        /// The magic the environment gives every element.
        var global: PathspecGlobalMagic
    }

    /// Parses `element` as git's `init_pathspec_item` does.
    init(parsing element: String, context: Context) throws {
        let bytes = Array(element.utf8)
        var magic: PathspecMagic = []
        var start = 0
        var prefixMagic: Int?
        var attributes: [PathspecAttributeRequirement] = []
        if !context.global.literal && bytes.first == UInt8(ascii: ":") {
            if bytes.count > 1 && bytes[1] == UInt8(ascii: "(") {
                start = try Self.parseLongMagic(bytes, element: element, magic: &magic,
                                                prefix: &prefixMagic, attributes: &attributes)
            } else {
                start = try Self.parseShortMagic(bytes, element: element, magic: &magic)
            }
        }
        let elementMagic = magic
        magic.formUnion(context.global.magic(adding: elementMagic))
        if prefixMagic != nil && !context.prefix.isEmpty { throw PathspecError.prefixBelowTop(element: element) }
        if magic.contains(.literal) && magic.contains(.glob) { throw PathspecError.literalAndGlob(element: element) }
        let pattern = bytes[start...]
        let match: [UInt8]
        let prefixLength: Int
        if let prefixMagic {
            match = Array(pattern)
            prefixLength = prefixMagic
            guard prefixLength <= match.count else { throw PathspecError.invalidPrefix(element: element) }
        } else if magic.contains(.top) {
            match = Array(pattern)
            prefixLength = 0
        } else {
            let found: (path: [UInt8], prefixLength: Int)?
            do {
                found = try PathspecPath.resolve(pattern, prefix: context.prefix, workTree: context.workTree)
            } catch let invalid as PathspecPath.InvalidPath {
                throw PathspecError.invalidPath(element: element, path: invalid.path, reason: invalid.reason)
            }
            guard let resolved = found else {
                throw PathspecError.outside(element: element, path: String(decoding: pattern, as: UTF8.self), root: context.root)
            }
            match = resolved.path
            prefixLength = resolved.prefixLength
        }
        let literalLength = magic.contains(.literal) ? match.count : max(Self.simpleLength(match), prefixLength)
        self.init(original: element, match: match, magic: magic, prefixLength: prefixLength,
                  literalLength: literalLength, attributes: attributes)
    }

    /// `:(word,word…)`: returns where the pattern starts.
    private static func parseLongMagic(
        _ bytes: [UInt8], element: String, magic: inout PathspecMagic, prefix: inout Int?,
        attributes: inout [PathspecAttributeRequirement]
    ) throws -> Int {
        var position = 2
        var sawAttr = false
        while position < bytes.count && bytes[position] != UInt8(ascii: ")") {
            let length = lengthToStop(bytes, from: position)
            let end = position + length
            let next = end < bytes.count && bytes[end] == UInt8(ascii: ",") ? end + 1 : end
            defer { position = next }
            if length == 0 { continue }
            let word = bytes[position..<end]
            if word.starts(with: "prefix:".utf8) {
                prefix = try parsePrefix(word.dropFirst(7), element: element)
            } else if word.starts(with: "attr:".utf8) {
                if sawAttr { throw PathspecError.attrTwice(element: element) }
                sawAttr = true
                attributes = try parseAttributes(word.dropFirst(5), element: element)
                magic.insert(.attr)
            } else if let known = PathspecMagic.words.first(where: { Array($0.name.utf8) == Array(word) }) {
                magic.insert(known.magic)
            } else {
                throw PathspecError.invalidMagic(word: String(decoding: word, as: UTF8.self), element: element)
            }
        }
        guard position < bytes.count else { throw PathspecError.missingParenthesis(element: element) }
        return position + 1
    }

    /// git's `strcspn_escaped(…, ",)")`: the length up to a `,` or `)` not escaped by `\`.
    private static func lengthToStop(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") && index + 1 < bytes.count {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: ")") { break }
            index += 1
        }
        return index - start
    }

    /// `prefix:<n>` as C's `strtol` reads it, which must take the whole word; a negative
    /// number means no prefix.
    private static func parsePrefix(_ text: ArraySlice<UInt8>, element: String) throws -> Int? {
        var rest = text.drop { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        if rest.isEmpty && text.isEmpty { return 0 }
        guard !rest.isEmpty, rest.allSatisfy(PathspecBytes.isDigit), rest.count < 10 else {
            throw PathspecError.invalidPrefix(element: element)
        }
        let number = Int(String(decoding: rest, as: UTF8.self))!
        return negative && number > 0 ? nil : number
    }

    /// `:` followed by symbols (`:/`, `:!`, `:^`), optionally ended by `:`.
    private static func parseShortMagic(_ bytes: [UInt8], element: String, magic: inout PathspecMagic) throws -> Int {
        var position = 1
        while position < bytes.count && bytes[position] != UInt8(ascii: ":") {
            let symbol = bytes[position]
            if symbol == UInt8(ascii: "^") {
                magic.insert(.exclude)
            } else if !PathspecBytes.isPathspecMagic(symbol) {
                break
            } else if let known = PathspecMagic.words.first(where: { $0.mnemonic == symbol }) {
                magic.insert(known.magic)
            } else {
                throw PathspecError.unimplementedMagic(symbol: String(UnicodeScalar(symbol)), element: element)
            }
            position += 1
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ":") { position += 1 }
        return position
    }

    /// The requirements of `attr:…`, separated by spaces, as git's `parse_pathspec_attr_match`.
    private static func parseAttributes(_ body: ArraySlice<UInt8>, element: String) throws -> [PathspecAttributeRequirement] {
        if body.isEmpty { throw PathspecError.emptyAttr(element: element) }
        return try body.split(separator: 0x20).map { piece in
            var name = piece
            let state: PathspecAttributeState
            switch piece.first {
            case UInt8(ascii: "!"):
                name = piece.dropFirst()
                state = .unspecified
            case UInt8(ascii: "-"):
                name = piece.dropFirst()
                state = .unset
            default:
                if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                    name = piece[..<equals]
                    state = .value(try unescapeValue(piece[(equals + 1)...], element: element))
                } else {
                    state = .set
                }
            }
            guard PathspecAttributeRequirement.isValidName(Array(name)) else {
                throw PathspecError.invalidAttributeName(String(decoding: name, as: UTF8.self), element: element)
            }
            return PathspecAttributeRequirement(name: String(decoding: name, as: UTF8.self), state: state)
        }
    }

    /// An attribute value with `\` escapes removed; only letters, digits, `,`, `-` and `_`.
    private static func unescapeValue(_ value: ArraySlice<UInt8>, element: String) throws -> String {
        var result: [UInt8] = []
        var index = value.startIndex
        while index < value.endIndex {
            if value[index] == UInt8(ascii: "\\") {
                index += 1
                if index == value.endIndex { throw PathspecError.attrValueEndsInEscape(element: element) }
            }
            let byte = value[index]
            let allowed = PathspecBytes.isAlpha(byte) || PathspecBytes.isDigit(byte)
                || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            guard allowed else {
                throw PathspecError.attrValueCharacter(String(decoding: [byte], as: UTF8.self), element: element)
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// git's locale-independent character classes (its `sane_ctype` table), for pathspec bytes.
enum PathspecBytes {
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isAlpha(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }

    /// `*`, `?`, `[` and `\`: where a pattern stops being a plain path.
    static func isGlobSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
    }

    /// The symbols that may be short pathspec magic (`:!`, `:/`, …): ASCII punctuation that is
    /// neither a glob nor a regular-expression character, and not `]` or `}`.
    static func isPathspecMagic(_ byte: UInt8) -> Bool {
        Array("!\"#%&',-/:;<=>@_`~".utf8).contains(byte)
    }

    /// Whether `byte` is in the POSIX class `name` (`alpha`, `digit`, …) as the C locale has
    /// it; `nil` for a name that is no class.
    static func isInClass(_ byte: UInt8, _ name: String, caseFold: Bool) -> Bool? {
        let graph = byte > 0x20 && byte < 0x7F
        switch name {
        case "alnum": return isAlpha(byte) || isDigit(byte)
        case "alpha": return isAlpha(byte)
        case "blank": return byte == 0x20 || byte == 0x09
        case "cntrl": return byte < 0x20 || byte == 0x7F
        case "digit": return isDigit(byte)
        case "graph": return graph
        case "lower": return isLower(byte)
        case "print": return graph || byte == 0x20
        case "punct": return graph && !isAlpha(byte) && !isDigit(byte)
        case "space": return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
        case "upper": return isUpper(byte) || (caseFold && isLower(byte))
        case "xdigit": return isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
        default: return nil
        }
    }
}
