/// The output formats.
enum OutputFormat: String, CaseIterable, Sendable {
    case tree, json, plain
}

/// When to use color.
enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

/// How file-type icons are drawn.
enum IconMode: String, CaseIterable, Sendable {
    case nerd, none
}
