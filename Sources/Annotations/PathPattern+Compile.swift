/// Why a pattern text cannot become a ``PathPattern``.
enum PatternError: Error, Hashable, Sendable {
    /// Nothing is left once the slashes are taken off (`/`): it would match no path.
    case matchesNothing
    /// The pattern ends in a `\` that escapes nothing.
    case trailingBackslash
    /// More segments than ``PathPattern/segmentLimit``.
    case tooManySegments
}

/// How a pattern without a trailing slash applies to what is below a matching directory.
enum PatternFlavor: Sendable {
    /// As CODEOWNERS does: a matching directory owns everything below it, except that a
    /// last segment of a lone `*` matches files only (`docs/*`).
    case codeOwners
    /// As linguist's path rules: a pattern without a trailing slash names files only.
    case linguistFile
}

extension PathPattern {
    /// Compiles gitignore-style pattern text: `\` escapes the next byte, a leading `/`
    /// anchors, a trailing `/` names directories, a pattern with no other `/` matches at
    /// any depth, `**` as a whole segment is any number of segments (a trailing `/**`
    /// everything inside, a trailing `/**/` every directory inside), `*` any run within a
    /// segment, `?` one character.
    init(compiling text: [UInt8], flavor: PatternFlavor, ignoringCase: Bool = false) throws(PatternError) {
        var characters = try Self.unescape(text)
        let slash = PatternCharacter(byte: UInt8(ascii: "/"), escaped: false)
        let rooted = characters.first == slash
        if rooted { characters.removeFirst() }
        var directoryOnly = false
        while characters.last == slash {
            characters.removeLast()
            directoryOnly = true
        }
        let pieces = characters.split(separator: slash, omittingEmptySubsequences: true)
        guard !pieces.isEmpty else { throw .matchesNothing }
        var segments: [SegmentMatcher] = rooted || pieces.count > 1 ? [] : [.anyPath]
        for piece in pieces {
            let segment = Self.segment(piece)
            if segment == .anyPath, segments.last == .anyPath { continue }
            segments.append(segment)
        }
        if segments.count > 1, segments.last == .anyPath {
            if directoryOnly {
                segments.append(.anySegment)
            } else {
                segments.removeLast()
                directoryOnly = true
            }
        }
        guard segments.count <= Self.segmentLimit else { throw .tooManySegments }
        let matchesDescendants: Bool
        switch flavor {
        case .codeOwners: matchesDescendants = directoryOnly || segments.last != .anySegment
        case .linguistFile: matchesDescendants = directoryOnly
        }
        self.init(segments: segments, matchesItself: !directoryOnly,
                  matchesDescendants: matchesDescendants, ignoringCase: ignoringCase)
    }

    private static func unescape(_ text: [UInt8]) throws(PatternError) -> [PatternCharacter] {
        var characters: [PatternCharacter] = []
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "\\") {
                guard index + 1 < text.count else { throw .trailingBackslash }
                characters.append(PatternCharacter(byte: text[index + 1], escaped: true))
                index += 2
            } else {
                characters.append(PatternCharacter(byte: text[index], escaped: false))
                index += 1
            }
        }
        return characters
    }

    private static func segment(_ piece: ArraySlice<PatternCharacter>) -> SegmentMatcher {
        let star = PatternCharacter(byte: UInt8(ascii: "*"), escaped: false)
        if piece.count == 2, piece.allSatisfy({ $0 == star }) { return .anyPath }
        var tokens: [GlobToken] = []
        for character in piece {
            switch (character.escaped, character.byte) {
            case (false, UInt8(ascii: "*")):
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case (false, UInt8(ascii: "?")):
                tokens.append(.anyCharacter)
            default:
                tokens.append(.byte(character.byte))
            }
        }
        if tokens == [.anyRun] { return .anySegment }
        var literal: [UInt8] = []
        for token in tokens {
            guard case .byte(let byte) = token else { return .glob(tokens) }
            literal.append(byte)
        }
        return .literal(literal)
    }
}

/// One byte of pattern text, and whether a backslash made it literal.
struct PatternCharacter: Hashable {
    let byte: UInt8
    let escaped: Bool
}
