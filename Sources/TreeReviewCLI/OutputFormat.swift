/// The output formats.
enum OutputFormat: String, CaseIterable, Sendable {
    case tree, json, plain
}

/// When to use color.
enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}
