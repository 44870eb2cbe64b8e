import Render

/// The output formats.
enum OutputFormat: String, CaseIterable, Sendable {
    case tree, json, markdown, plain
}

/// When to use color.
enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

/// How file-type icons are drawn.
enum IconMode: String, CaseIterable, Sendable {
    /// Nerd Font glyphs.
    case nerd
    /// The icon's name as text, for terminals without a Nerd Font.
    case names
    /// No icons.
    case none

    /// The renderer's drawing for this mode.
    var drawing: IconDrawing {
        switch self {
        case .nerd: .nerdFont
        case .names: .names
        case .none: .none
        }
    }
}
