/// The outcome of icon resolution: an icon *name*, which rule gave it, and whether it is
/// drawn in its color. Renderers decide how a name looks (a Nerd Font glyph, the plain
/// name, or nothing).
public struct IconResolution: Hashable, Sendable {
    /// The icon name, such as `lang-swift`, `npm` or `folder-duo`.
    public let name: String
    /// The rule that gave the name.
    public let rule: IconRule
    /// Whether the icon is drawn in its own color when color is on: as in TreeKit, icons
    /// from the user's map when the resolver is colored, built-in and structural icons
    /// only when also the set is `complete`.
    public let colored: Bool

    public init(name: String, rule: IconRule, colored: Bool) {
        self.name = name
        self.rule = rule
        self.colored = colored
    }
}
