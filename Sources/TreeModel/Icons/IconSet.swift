/// A built-in icon set, as TreeKit ships them (Docs/TreeModel.md#icons).
///
/// Every set keeps the structural icons (file, folder, open folder); they differ in how many
/// basenames and extensions they map to a specific icon.
public enum IconSet: String, CaseIterable, Hashable, Sendable {
    /// The broadest coverage of languages, frameworks and tooling, with colors
    /// (TreeKit: 107 basename and 120 extension mappings over 57 icon names).
    case complete
    /// Common languages and file formats, monochrome (11 basename, 105 extension mappings).
    case standard
    /// Structural icons plus low-noise text and image recognition (33 extension mappings).
    case minimal
    /// No file-type mappings: structural icons only (user overrides still apply).
    case none

    /// Whether built-in icons of this set are drawn in their colors when color is on.
    /// As in TreeKit, only `complete` is colored; the other sets are monochrome.
    /// Icons named by user overrides are colored in every set.
    public var colorsBuiltInIcons: Bool { self == .complete }
}
