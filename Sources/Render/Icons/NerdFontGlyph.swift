/// How one icon name is drawn with a Nerd Font: a glyph and its color.
public struct NerdFontGlyph: Hashable, Sendable {
    /// The glyph, a Private Use Area codepoint of the Nerd Fonts set.
    public let scalar: Unicode.Scalar
    /// The Nerd Fonts name of the glyph, such as `nf-dev-swift`, for reference.
    public let glyphName: String
    /// The glyph's color, a 256-color SGR foreground.
    public let color: Style

    /// A glyph `codepoint` (named `glyphName`) in 256-color palette entry `color256`.
    public init(_ codepoint: UInt32, _ glyphName: String, color256: UInt8) {
        self.scalar = Unicode.Scalar(codepoint) ?? "?"
        self.glyphName = glyphName
        self.color = Style(parameters: "38;5;\(color256)")
    }
}
