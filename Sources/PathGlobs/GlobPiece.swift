/// One piece of a glob's compiled form before it is assembled into a tree: either a unit of
/// regular-expression syntax (how picomatch leaves a pattern's `|`, `(`, `)`, `+` and escapes:
/// as syntax, not literals), or a ready-made node.
enum GlobPiece: Sendable, Hashable {
    case syntax(UInt16)
    /// A node; `quantifiable` if a `+`, `*` or `?` may follow it; `source`, its text as a
    /// regular expression (an unclosed `(` may escape a `(` inside it, as picomatch does).
    case node(GlobNode, quantifiable: Bool, source: String)

    static func syntax(_ text: String) -> [GlobPiece] { text.utf16.map { .syntax($0) } }

    static let star = GlobPiece.node(.star, quantifiable: false, source: #"[^/]*?"#)
    static let questionMark = GlobPiece.node(.notSlash, quantifiable: true, source: #"[^/]"#)
    static let globstar = GlobPiece.node(.globstar, quantifiable: true, source: #"(?:(?:(?!(?:^|\/)\.{1,2}(?:\/|$)).)*?)"#)
    static let slash = GlobPiece.node(.slash, quantifiable: true, source: #"\/"#)
    static let dot = GlobPiece.node(.unit(0x2E), quantifiable: true, source: #"\."#)
    static let plus = GlobPiece.node(.unit(0x2B), quantifiable: true, source: #"\+"#)
    static let notDotSegment = GlobPiece.node(.assertion(.notDotSegment), quantifiable: true, source: #"(?!\.{1,2}(?:\/|$))"#)
    static let notDotOrEmptySegment = GlobPiece.node(.assertion(.notDotOrEmptySegment), quantifiable: true, source: #"(?!\.{0,1}(?:\/|$))"#)
    static let notDotSegmentAtSlash = GlobPiece.node(.assertion(.notDotSegmentAtSlash), quantifiable: true, source: #"(?!(?:^|\/)\.{1,2}(?:\/|$))"#)
    static let oneCharacter = GlobPiece.node(.assertion(.oneCharacter), quantifiable: true, source: #"(?=.)"#)
    static let maybeSlash = GlobPiece.node(.repeated(.slash, minimum: 0, maximum: 1), quantifiable: false, source: #"\/?"#)
    static let end = GlobPiece.node(.assertion(.end), quantifiable: false, source: #"$"#)

    var isOpenParenthesis: Bool { self == .syntax(0x28) }
    /// The piece's regular-expression text, as syntax units.
    var expanded: [GlobPiece] {
        guard case .node(_, _, let source) = self else { return [self] }
        return GlobPiece.syntax(source)
    }
}

extension Array where Element == GlobPiece {
    /// The units of `text` as expression syntax.
    static func syntax(_ text: String) -> [GlobPiece] { GlobPiece.syntax(text) }
}
