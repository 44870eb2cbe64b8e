/// The three ways picomatch turns a pattern into an expression, chosen as it chooses them:
/// a whole-pattern shortcut for a few shapes that begin with `.` or `*`; a plain replacement
/// for patterns without `/`, brackets, braces, parentheses or quotes; the full reading
/// (`GlobReader`) for the rest.
enum GlobRoutes {
    /// The whole expression of `pattern`, anchored (and for a negated pattern wrapped in
    /// `^(?!` … `).*$`) as picomatch wraps it, so that parentheses the pattern leaves unbalanced
    /// pair with the wrapper's as they do in JavaScript; nil where JavaScript refuses it.
    static func compile(_ pattern: [UInt16]) -> (node: GlobNode?, negated: Bool) {
        let (pieces, negated) = read(pattern)
        var whole: [GlobPiece] = .syntax("^(?:") + pieces + .syntax(")$")
        if negated { whole = .syntax("^(?!") + whole + .syntax(").*$") }
        return (GlobAssembler.assemble(whole), negated)
    }

    /// The pieces of `pattern`'s expression, inside `^(?:` … `)$`, and whether it is negated.
    static func read(_ pattern: [UInt16]) -> (pieces: [GlobPiece], negated: Bool) {
        var input = pattern
        switch String(decoding: input, as: UTF16.self) {
        case "***": input = Array("*".utf16)
        case "**/**", "**/**/**": input = Array("**".utf16)
        default: break
        }
        if input.first == 0x2E || input.first == 0x2A {
            let body = input.starts(with: [0x2E, 0x2F]) ? Array(input.dropFirst(2)) : input
            if let shape = shape(body[...]) { return (shape + [.maybeSlash], false) }
        }
        let body = input.starts(with: [0x2E, 0x2F]) ? Array(input.dropFirst(2)) : input
        let fancy = Set("/()[]{}\"".utf16)
        if body.first != 0x2A && body.first != 0x21 && !body.contains(where: fancy.contains) {
            return (plain(body), false)
        }
        var reader = GlobReader(input)
        reader.read()
        return (reader.pieces, reader.negated)
    }

    private static let anyDepth: [GlobPiece] = .syntax("(?:") + [.notDotSegmentAtSlash, .globstar, .slash] + .syntax(")?")

    /// picomatch's whole-pattern shortcuts (`*`, `**/*`, `*.ext`, …).
    static func shape(_ input: ArraySlice<UInt16>) -> [GlobPiece]? {
        switch String(decoding: input, as: UTF16.self) {
        case "*": return [.notDotSegmentAtSlash, .oneCharacter, .star]
        case ".*": return [.dot, .oneCharacter, .star]
        case "*.*": return [.notDotSegmentAtSlash, .star, .dot, .oneCharacter, .star]
        case "*/*": return [.notDotSegmentAtSlash, .star, .slash, .oneCharacter, .notDotSegment, .star]
        case "**": return [.notDotSegmentAtSlash, .globstar]
        case "**/*": return anyDepth + [.notDotSegment, .oneCharacter, .star]
        case "**/*.*": return anyDepth + [.notDotSegment, .star, .dot, .oneCharacter, .star]
        case "**/.*": return anyDepth + [.dot, .oneCharacter, .star]
        default:
            guard let dot = input.lastIndex(of: 0x2E) else { return nil }
            let word = input[(dot + 1)...]
            guard !word.isEmpty, word.allSatisfy(\.isWordUnit), !input[..<dot].contains(where: \.isLineTerminator),
                  let head = shape(input[..<dot]) else { return nil }
            return head + [.dot] + word.map { .syntax($0) }
        }
    }

    /// picomatch's replacement for plain patterns: runs of one punctuation character, the
    /// first escaped and the rest left as expression syntax; `?`, `*` and `.` translated.
    static func plain(_ input: [UInt16]) -> [GlobPiece] {
        var pieces: [GlobPiece] = []
        var backslashes = false
        var at = 0
        while at < input.count {
            let unit = input[at]
            if unit.isWordUnit {
                pieces.append(.syntax(unit))
                at += 1
                continue
            }
            let start = at
            var escaped = false
            if unit == 0x5C, at + 1 < input.count, !input[at + 1].isWordUnit {
                escaped = true
                at += 1
            }
            let first = input[at]
            var end = at + 1
            while end < input.count, input[end] == first { end += 1 }
            let count = end - at
            at = end
            switch first {
            case 0x5C:
                backslashes = true
                pieces += Array(repeating: .syntax(0x5C), count: count + (escaped ? 1 : 0))
            case 0x3F:
                if escaped {
                    pieces += .syntax("\\?") + Array(repeating: .questionMark, count: count - 1)
                } else {
                    pieces += Array(repeating: .questionMark, count: count)
                }
            case 0x2E:
                for _ in 0..<count { pieces += .syntax("\\.") }
            case 0x2A:
                if escaped {
                    pieces += .syntax("\\*")
                    if count > 1 { pieces.append(.star) }
                } else {
                    pieces.append(.star)
                }
            default:
                pieces.append(.syntax(0x5C))
                pieces += Array(repeating: .syntax(first), count: count)
            }
            _ = start
        }
        guard backslashes else { return pieces }
        var collapsed: [GlobPiece] = []
        var run = 0
        for piece in pieces + [.syntax(0)] {
            if piece == .syntax(0x5C) {
                run += 1
                continue
            }
            if run > 0 { collapsed += run % 2 == 0 ? [.syntax(0x5C), .syntax(0x5C)] : [.syntax(0x5C)] }
            run = 0
            collapsed.append(piece)
        }
        collapsed.removeLast()
        return collapsed
    }
}
