/// Reads a pattern the way picomatch 2.3 does with `dot: true`, token by token, into the pieces
/// of its compiled form. Each token keeps its own pieces, and the pieces of the whole are kept
/// alongside, because picomatch answers from one or the other (`rebuilds`) and the two differ
/// in a few corners.
struct GlobReader {
    enum Kind: Equatable { case start, text, slash, dot, dots, star, globstar, questionMark, bracket, brace, comma, parenthesis, plus, at, negate, extglobStar, extglobPlus, extglobQuestion, maybeSlash }

    struct Token {
        var kind: Kind
        var value: [UInt16]
        var output: [GlobPiece]?
        var mergedStar = false
        var posix = false
        var extglob = false
        var previous: Int?
        var pieces: [GlobPiece] { output ?? value.map { .syntax($0) } }
    }

    struct Extglob {
        var kind: Kind
        var close: [GlobPiece]
        var inner: [UInt16] = []
        var parentheses: Int
        var previous: Int
    }

    struct Brace {
        var token: Int
        var outputIndex: Int
        var comma = false
        var dots = false
    }

    private(set) var input: [UInt16]
    private var position = -1
    private var segmentStart = 0
    private(set) var negated = false
    private(set) var rebuilds = false
    private var brackets = 0, braces = 0, parentheses = 0, inQuotes = false
    private var stack: [String] = []
    private(set) var tokens: [Token] = [Token(kind: .start, value: [], output: [])]
    private var previous = 0
    private(set) var output: [GlobPiece] = []
    private var extglobs: [Extglob] = []
    private var braceStack: [Brace] = []

    init(_ input: [UInt16]) {
        self.input = input
    }

    /// The pieces picomatch's regular expression is made of, inside `^(?:` … `)$`.
    var pieces: [GlobPiece] {
        guard rebuilds else { return output }
        return tokens.flatMap(\.pieces)
    }

    private static func units(_ text: String) -> [UInt16] { Array(text.utf16) }
    private static let nonSpecial: Set<UInt16> = Set("@![].,$*+?^{}()|\\/".utf16)

    private var atEnd: Bool { position == input.count - 1 }
    private func peek(_ offset: Int = 1) -> UInt16? {
        let at = position + offset
        return at < input.count ? input[at] : nil
    }
    private mutating func advance() -> UInt16? {
        position += 1
        return position < input.count ? input[position] : nil
    }
    private var remaining: ArraySlice<UInt16> { input[min(position + 1, input.count)...] }

    private mutating func push(_ new: Token) {
        var token = new
        if tokens[previous].kind == .globstar {
            let isBrace = braces > 0 && (token.kind == .comma || token.kind == .brace)
            let isExtglob = token.extglob || (!extglobs.isEmpty && token.kind == .parenthesis)
            if token.kind != .slash && token.kind != .parenthesis && !isBrace && !isExtglob {
                output.removeLast(min(output.count, tokens[previous].pieces.count))
                tokens[previous].kind = .star
                tokens[previous].value = [0x2A]
                tokens[previous].output = [.star]
                output.append(.star)
            }
        }
        if !extglobs.isEmpty && token.kind != .parenthesis {
            extglobs[extglobs.count - 1].inner += token.value
        }
        if !token.value.isEmpty || !(token.output ?? []).isEmpty { output += token.pieces }
        if tokens[previous].kind == .text && token.kind == .text {
            let kept = tokens[previous].output ?? []
            tokens[previous].output = kept + token.value.map { .syntax($0) }
            tokens[previous].value += token.value
            return
        }
        token.previous = previous
        tokens.append(token)
        previous = tokens.count - 1
    }

    private mutating func appendToPrevious(_ units: [UInt16]) {
        tokens[previous].value += units
        output += units.map { .syntax($0) }
    }

    static func escaped(_ units: [UInt16]) -> [UInt16] {
        var result: [UInt16] = []
        for unit in units {
            if "-*+?.^${}(|)[]".utf16.contains(unit) { result.append(0x5C) }
            result.append(unit)
        }
        return result
    }

    /// Reads the whole pattern.
    mutating func read() {
        if input.starts(with: Self.units("./")) { input.removeFirst(2) }
        while !atEnd {
            guard let unit = advance() else { break }
            step(unit)
        }
        finish()
    }

    private mutating func step(_ first: UInt16) {
        let unit = first
        var value = [unit]
        if unit == 0 { return }
        if unit == 0x5C {
            let next = peek()
            if next == 0x2F || next == 0x2E || next == 0x3B { return }
            guard next != nil else {
                push(Token(kind: .text, value: [0x5C, 0x5C]))
                return
            }
            var slashes = 0
            while let more = peek(1 + slashes), more == 0x5C { slashes += 1 }
            if slashes > 2 {
                position += slashes
                if slashes % 2 != 0 { value.append(0x5C) }
            }
            if let escapedUnit = advance() { value.append(escapedUnit) }
            if brackets == 0 {
                push(Token(kind: .text, value: value))
                return
            }
        }
        if brackets > 0 && (unit != 0x5D || tokens[previous].value == [0x5B] || tokens[previous].value == [0x5B, 0x5E] || value.count > 1) {
            insideBrackets(value)
            return
        }
        if inQuotes && unit != 0x22 {
            appendToPrevious(Self.escaped(value))
            return
        }
        switch unit {
        case 0x22:
            inQuotes.toggle()
        case 0x28:
            parentheses += 1
            stack.append("parens")
            push(Token(kind: .parenthesis, value: value))
        case 0x29:
            closeParenthesis()
        case 0x5B:
            if !remaining.contains(0x5D) {
                value = [0x5C, 0x5B]
            } else {
                brackets += 1
                stack.append("brackets")
            }
            push(Token(kind: .bracket, value: value))
        case 0x5D:
            closeBracket()
        case 0x7B:
            braces += 1
            stack.append("braces")
            braceStack.append(Brace(token: tokens.count, outputIndex: output.count))
            push(Token(kind: .brace, value: value, output: .syntax("(")))
        case 0x7D:
            closeBrace()
        case 0x7C:
            push(Token(kind: .text, value: value))
        case 0x2C:
            var pieces = GlobPiece.syntax(",")
            if !braceStack.isEmpty && stack.last == "braces" {
                braceStack[braceStack.count - 1].comma = true
                pieces = GlobPiece.syntax("|")
            }
            push(Token(kind: .comma, value: value, output: pieces))
        case 0x2F:
            if tokens[previous].kind == .dot && position == segmentStart + 1 {
                segmentStart = position + 1
                output = []
                tokens.removeLast()
                previous = 0
                return
            }
            push(Token(kind: .slash, value: value, output: [.slash]))
        case 0x2E:
            if braces > 0 && tokens[previous].kind == .dot {
                if tokens[previous].value == [0x2E] { tokens[previous].output = [.dot] }
                tokens[previous].kind = .dots
                tokens[previous].output = (tokens[previous].output ?? []) + [.syntax(0x2E)]
                tokens[previous].value.append(0x2E)
                braceStack[braceStack.count - 1].dots = true
                return
            }
            if braces + parentheses == 0 && tokens[previous].kind != .start && tokens[previous].kind != .slash {
                push(Token(kind: .text, value: value, output: [.dot]))
                return
            }
            push(Token(kind: .dot, value: value, output: [.dot]))
        case 0x3F:
            let isGroup = tokens[previous].value == [0x28]
            if !isGroup && peek() == 0x28 && peek(2) != 0x3F {
                openExtglob(.extglobQuestion, close: .syntax(")?"))
                return
            }
            if tokens[previous].kind == .parenthesis {
                let next = peek()
                var pieces: [GlobPiece] = [.syntax(0x3F)]
                let special = next.map { "!=<:".utf16.contains($0) } ?? false
                if (tokens[previous].value == [0x28] && !special) || (next == 0x3C && !lookbehindFollows) {
                    pieces = GlobPiece.syntax("\\?")
                }
                push(Token(kind: .text, value: value, output: pieces))
                return
            }
            push(Token(kind: .questionMark, value: value, output: [.questionMark]))
        case 0x21:
            if peek() == 0x28 {
                if peek(2) != 0x3F || !(peek(3).map { "!=<:".utf16.contains($0) } ?? false) {
                    openExtglob(.negate, close: [.syntax(0x29), .syntax(0x29), .star, .syntax(0x29)])
                    return
                }
            }
            if position == 0 {
                negate()
                return
            }
            plainText(unit)
        case 0x2B:
            if peek() == 0x28 && peek(2) != 0x3F {
                openExtglob(.extglobPlus, close: .syntax(")+"))
                return
            }
            let before = tokens[previous]
            if before.value == [0x28] {
                push(Token(kind: .plus, value: value, output: [.plus]))
                return
            }
            if before.kind == .bracket || before.kind == .parenthesis || before.kind == .brace || parentheses > 0 {
                push(Token(kind: .plus, value: value))
                return
            }
            push(Token(kind: .plus, value: [0x5C, 0x2B]))
        case 0x40:
            if peek() == 0x28 && peek(2) != 0x3F {
                var token = Token(kind: .at, value: value, output: [])
                token.extglob = true
                push(token)
                return
            }
            push(Token(kind: .text, value: value))
        case 0x2A:
            star()
        default:
            plainText(unit)
        }
    }

    private var lookbehindFollows: Bool {
        let rest = Array(remaining)
        guard rest.first == 0x3C, rest.count > 1 else { return false }
        if rest[1] == 0x21 || rest[1] == 0x3D { return true }
        var at = 1
        while at < rest.count, rest[at].isWordUnit { at += 1 }
        return at > 1 && at < rest.count && rest[at] == 0x3E
    }

    private mutating func plainText(_ unit: UInt16) {
        var value = unit == 0x24 || unit == 0x5E ? [0x5C, unit] : [unit]
        while let next = peek(), !Self.nonSpecial.contains(next) {
            value.append(next)
            position += 1
        }
        push(Token(kind: .text, value: value))
    }

    private mutating func negate() {
        var count = 1
        while peek() == 0x21 && (peek(2) != 0x28 || peek(3) == 0x3F) {
            _ = advance()
            segmentStart += 1
            count += 1
        }
        if count % 2 == 0 { return }
        negated = true
        segmentStart += 1
    }

    private mutating func insideBrackets(_ first: [UInt16]) {
        var value = first
        let unit = first[0]
        if value.count == 1 && unit == 0x3A {
            let inner = Array(tokens[previous].value.dropFirst())
            if inner.contains(0x5B) {
                tokens[previous].posix = true
                if inner.contains(0x3A), let open = tokens[previous].value.lastIndex(of: 0x5B) {
                    let before = Array(tokens[previous].value[..<open])
                    let name = String(decoding: tokens[previous].value.dropFirst(open + 2), as: UTF16.self)
                    if let posix = Self.posixClasses[name] {
                        let old = tokens[previous].value.count
                        tokens[previous].value = before + Self.units(posix)
                        output.removeLast(min(old, output.count))
                        output += tokens[previous].value.map { .syntax($0) }
                        rebuilds = true
                        _ = advance()
                        if tokens[0].pieces.isEmpty && previous == 1 { tokens[0].output = [.oneCharacter] }
                        return
                    }
                }
            }
        }
        if value.count == 1 && ((unit == 0x5B && peek() != 0x3A) || (unit == 0x2D && peek() == 0x5D)) {
            value = [0x5C, unit]
        }
        if value.count == 1 && unit == 0x5D && (tokens[previous].value == [0x5B] || tokens[previous].value == [0x5B, 0x5E]) {
            value = [0x5C, unit]
        }
        appendToPrevious(value)
    }

    static let posixClasses: [String: String] = [
        "alnum": "a-zA-Z0-9", "alpha": "a-zA-Z", "ascii": "\\x00-\\x7F", "blank": " \\t", "cntrl": "\\x00-\\x1F\\x7F",
        "digit": "0-9", "graph": "\\x21-\\x7E", "lower": "a-z", "print": "\\x20-\\x7E ",
        "punct": "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~", "space": " \\t\\r\\n\\v\\f", "upper": "A-Z",
        "word": "A-Za-z0-9_", "xdigit": "A-Fa-f0-9",
    ]

    private mutating func closeBracket() {
        let before = tokens[previous]
        if before.kind == .bracket && before.value.count == 1 {
            push(Token(kind: .text, value: [0x5D], output: .syntax("\\]")))
            return
        }
        if brackets == 0 {
            push(Token(kind: .text, value: [0x5D], output: .syntax("\\]")))
            return
        }
        brackets -= 1
        _ = stack.popLast()
        let content = Array(tokens[previous].value.dropFirst())
        var close: [UInt16] = [0x5D]
        if !tokens[previous].posix && content.first == 0x5E && !content.contains(0x2F) { close = [0x2F, 0x5D] }
        appendToPrevious(close)
        if content.contains(where: { "-*+?.^${}(|)[]".utf16.contains($0) }) { return }
        let whole = tokens[previous].value
        output.removeLast(min(whole.count, output.count))
        let alternative = GlobPiece.syntax("(?:") + Self.escaped(whole).map { .syntax($0) } + [.syntax(0x7C)]
            + whole.map { .syntax($0) } + [.syntax(0x29)]
        tokens[previous].output = alternative
        output += alternative
    }

    private mutating func closeBrace() {
        guard let brace = braceStack.last else {
            push(Token(kind: .text, value: [0x7D], output: [.syntax(0x7D)]))
            return
        }
        var pieces: [GlobPiece] = [.syntax(0x29)]
        var value: [UInt16] = [0x7D]
        if brace.dots {
            var range: [[UInt16]] = []
            while let last = tokens.last {
                tokens.removeLast()
                if last.kind == .brace { break }
                if last.kind != .dots { range.insert(last.value, at: 0) }
            }
            previous = tokens.count - 1
            pieces = Self.range(range)
            rebuilds = true
        }
        if !brace.comma && !brace.dots {
            output = Array(output[..<min(brace.outputIndex, output.count)])
            tokens[brace.token].value = [0x5C, 0x7B]
            tokens[brace.token].output = .syntax("\\{")
            value = [0x5C, 0x7D]
            pieces = .syntax("\\}")
            for token in tokens[brace.token...] {
                if let pieces = token.output, !pieces.isEmpty { output += pieces } else { output += token.value.map { .syntax($0) } }
            }
        }
        push(Token(kind: .brace, value: value, output: pieces))
        braces -= 1
        _ = stack.popLast()
        braceStack.removeLast()
    }

    /// picomatch's reading of `{a..c}` without `expandRange`: a class of the sorted ends, or
    /// the ends as literals where that class is not a valid expression.
    private static func range(_ ends: [[UInt16]]) -> [GlobPiece] {
        let sorted = ends.sorted { $0.lexicographicallyPrecedes($1) }
        var text: [UInt16] = [0x5B]
        for (offset, end) in sorted.enumerated() {
            if offset > 0 { text.append(0x2D) }
            text += end
        }
        text.append(0x5D)
        let pieces = text.map { GlobPiece.syntax($0) }
        if GlobAssembler.assemble(pieces) != nil { return pieces }
        var literal: [UInt16] = []
        for (offset, end) in sorted.enumerated() {
            if offset > 0 { literal += [0x2E, 0x2E] }
            literal += escaped(end)
        }
        return literal.map { .syntax($0) }
    }

    private mutating func closeParenthesis() {
        if let extglob = extglobs.last, parentheses == extglob.parentheses + 1 {
            extglobs.removeLast()
            closeExtglob(extglob)
            return
        }
        push(Token(kind: .parenthesis, value: [0x29], output: parentheses != 0 ? [.syntax(0x29)] : .syntax("\\)")))
        parentheses -= 1
        _ = stack.popLast()
    }

    private mutating func openExtglob(_ kind: Kind, close: [GlobPiece]) {
        let extglob = Extglob(kind: kind, close: close, parentheses: parentheses, previous: previous)
        parentheses += 1
        stack.append("parens")
        var opener = Token(kind: kind, value: [input[position]], output: output.isEmpty ? [.oneCharacter] : [])
        opener.extglob = false
        push(opener)
        let open: [GlobPiece] = kind == .negate ? .syntax("(?:(?!(?:") : .syntax("(?:")
        var parenthesis = Token(kind: .parenthesis, value: [advance() ?? 0x28], output: open)
        parenthesis.extglob = true
        push(parenthesis)
        extglobs.append(extglob)
    }

    private mutating func closeExtglob(_ extglob: Extglob) {
        var close = extglob.close
        if extglob.kind == .negate {
            var starNode = GlobPiece.star
            if extglob.inner.count > 1 && extglob.inner.contains(0x2F) { starNode = .globstar }
            let rest = Array(remaining)
            if starNode != .star || atEnd || (!rest.isEmpty && rest.allSatisfy { $0 == 0x29 }) {
                close = [.syntax(0x29), .end, .syntax(0x29), .syntax(0x29), starNode]
            }
            if extglob.inner.contains(0x2A), !rest.isEmpty, rest.first == 0x2E, rest.count > 1,
               !rest.dropFirst().contains(where: { $0 == 0x5C || $0 == 0x2F || $0 == 0x2E }) {
                var nested = GlobReader(rest)
                nested.read()
                close = [.syntax(0x29)] + nested.pieces + [.syntax(0x29), starNode, .syntax(0x29)]
            }
        }
        var token = Token(kind: .parenthesis, value: [0x29], output: close)
        token.extglob = true
        push(token)
        parentheses -= 1
        _ = stack.popLast()
    }

    private mutating func star() {
        let before = tokens[previous]
        if before.kind == .globstar || before.mergedStar {
            tokens[previous].kind = .star
            tokens[previous].mergedStar = true
            tokens[previous].value.append(0x2A)
            tokens[previous].output = [.star]
            rebuilds = true
            return
        }
        var rest = remaining
        if rest.first == 0x28 && rest.count > 1 && rest[rest.startIndex + 1] != 0x3F {
            openExtglob(.extglobStar, close: .syntax(")*"))
            return
        }
        if before.kind == .star {
            globstar(rest: &rest)
            return
        }
        if position == segmentStart || before.kind == .slash || before.kind == .dot {
            let guardPiece: GlobPiece = before.kind == .dot ? .notDotOrEmptySegment : .notDotSegment
            output.append(guardPiece)
            tokens[previous].output = tokens[previous].pieces + [guardPiece]
            if peek() != 0x2A {
                output.append(.oneCharacter)
                tokens[previous].output = tokens[previous].pieces + [.oneCharacter]
            }
        }
        push(Token(kind: .star, value: [0x2A], output: [.star]))
    }

    private mutating func globstar(rest: inout ArraySlice<UInt16>) {
        let star = previous
        guard let prior = tokens[star].previous else { return }
        let priorKind = tokens[prior].kind
        let before = tokens[prior].previous
        let isStart = priorKind == .slash || priorKind == .start
        let afterStar = before.map { tokens[$0].kind == .star || tokens[$0].kind == .globstar } ?? false
        let isBrace = braces > 0 && (priorKind == .comma || priorKind == .brace)
        let isExtglob = !extglobs.isEmpty && priorKind == .parenthesis
        if !isStart && priorKind != .parenthesis && !isBrace && !isExtglob {
            push(Token(kind: .star, value: [0x2A], output: []))
            return
        }
        while rest.starts(with: Self.units("/**")) {
            let after = position + 4 < input.count ? input[position + 4] : nil
            if after != nil && after != 0x2F { break }
            rest = rest.dropFirst(3)
            position += 3
        }
        let priorPriorIsStart = before.map { tokens[$0].kind == .start } ?? true
        let starPieces = tokens[star].pieces.count
        if priorKind == .start && atEnd {
            tokens[star].kind = .globstar
            tokens[star].value.append(0x2A)
            tokens[star].output = [.globstar]
            output = [.globstar]
            return
        }
        if priorKind == .slash && !priorPriorIsStart && !afterStar && atEnd {
            output.removeLast(min(output.count, tokens[prior].pieces.count + starPieces))
            tokens[prior].output = .syntax("(?:") + tokens[prior].pieces
            tokens[star].kind = .globstar
            tokens[star].output = [.globstar, .syntax(0x7C), .end, .syntax(0x29)]
            tokens[star].value.append(0x2A)
            output += tokens[prior].pieces + tokens[star].pieces
            return
        }
        if priorKind == .slash && !priorPriorIsStart && rest.first == 0x2F {
            let end: [GlobPiece] = rest.count > 1 ? [.syntax(0x7C), .end] : []
            output.removeLast(min(output.count, tokens[prior].pieces.count + starPieces))
            tokens[prior].output = .syntax("(?:") + tokens[prior].pieces
            tokens[star].kind = .globstar
            tokens[star].output = [.globstar, .slash, .syntax(0x7C), .slash] + end + [.syntax(0x29)]
            tokens[star].value.append(0x2A)
            output += tokens[prior].pieces + tokens[star].pieces
            _ = advance()
            push(Token(kind: .slash, value: [0x2F], output: []))
            return
        }
        if priorKind == .start && rest.first == 0x2F {
            tokens[star].kind = .globstar
            tokens[star].value.append(0x2A)
            tokens[star].output = GlobPiece.syntax("(?:") + [.assertionStart, .syntax(0x7C), .slash, .syntax(0x7C), .globstar, .slash, .syntax(0x29)]
            output = tokens[star].pieces
            _ = advance()
            push(Token(kind: .slash, value: [0x2F], output: []))
            return
        }
        output.removeLast(min(output.count, starPieces))
        tokens[star].kind = .globstar
        tokens[star].output = [.globstar]
        tokens[star].value.append(0x2A)
        output += [.globstar]
    }

    private mutating func finish() {
        while brackets > 0 {
            escapeLast(0x5B)
            brackets -= 1
        }
        while parentheses > 0 {
            escapeLast(0x28)
            parentheses -= 1
        }
        let last = tokens[previous].kind
        if last == .star || last == .bracket {
            push(Token(kind: .maybeSlash, value: [], output: [.maybeSlash]))
        }
    }


    private mutating func escapeLast(_ unit: UInt16) {
        var at = output.count - 1
        while at >= 0 {
            let piece = output[at]
            if case .node(_, _, let source) = piece, source.utf16.contains(unit) {
                output.replaceSubrange(at...at, with: piece.expanded)
                at += source.utf16.count - 1
                continue
            }
            if piece == .syntax(unit) && !(at > 0 && output[at - 1] == .syntax(0x5C)) {
                output.insert(.syntax(0x5C), at: at)
                return
            }
            at -= 1
        }
    }
}

extension GlobPiece {
    static let assertionStart = GlobPiece.node(.assertion(.start), quantifiable: false, source: "^")
}
