/// How siblings are ordered.
public enum TreeOrder: String, Sendable, CaseIterable {
    /// Directories before files, then by name (the default).
    case foldersFirst = "folders-first"
    /// By name, then by full path, directories and files mixed.
    case name
    /// The order in which entries first appear in the input.
    case input
}
