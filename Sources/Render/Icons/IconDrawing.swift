import TreeModel

/// How a resolved icon is drawn in front of a name (Docs/TreeModel.md#icons: renderers decide how
/// an icon name looks). Every drawing but ``none`` ends with one space.
public enum IconDrawing: String, CaseIterable, Hashable, Sendable {
    /// A Nerd Font glyph (``NerdFontIcons``), in its color when color is on.
    case nerdFont = "nerd-font"
    /// The icon name as text, such as `lang-swift`: for terminals without a Nerd Font,
    /// and for checking resolution by eye.
    case names
    /// Nothing at all (`--icons none`); the row keeps its layout without an icon column.
    case none

    /// Appends the drawing of `icon` to `output` and returns its display width: 2 for a
    /// glyph and its space (a Nerd Font glyph counts as one column), the name's width plus
    /// 1 for ``names``, 0 for ``none``. The icon is colored when `color` is on and the
    /// resolution says it is drawn in its color (``IconResolution/colored``).
    @discardableResult
    public func append(_ icon: IconResolution, color: Bool, to output: inout [UInt8]) -> Int {
        append(name: icon.name, colored: color && icon.colored, to: &output)
    }

    /// Appends the drawing of the icon called `name`, in its color when `colored`, and
    /// returns its display width (see ``append(_:color:to:)``).
    @discardableResult
    public func append(name: String, colored: Bool, to output: inout [UInt8]) -> Int {
        switch self {
        case .none:
            return 0
        case .nerdFont:
            let glyph = NerdFontIcons.glyph(for: name)
            glyph.color.open(&output, enabled: colored)
            UTF8.encode(glyph.scalar) { output.append($0) }
            Style.close(&output, enabled: colored)
            output.append(UInt8(ascii: " "))
            return 2
        case .names:
            let glyph = NerdFontIcons.glyph(for: name)
            glyph.color.open(&output, enabled: colored)
            let width = TerminalText.append(name, to: &output)
            Style.close(&output, enabled: colored)
            output.append(UInt8(ascii: " "))
            return width + 1
        }
    }
}
