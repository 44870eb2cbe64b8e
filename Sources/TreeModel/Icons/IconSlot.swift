/// A structural icon slot: what a file gets when nothing more specific matches, and what
/// every directory gets. A user override of a slot wins over every other rule
/// (Docs/TreeModel.md#icons, rule 1).
public enum IconSlot: String, CaseIterable, Hashable, Sendable {
    /// Any file; also the fallback when no mapping matches.
    case file
    /// A collapsed directory.
    case folder
    /// An expanded directory.
    case folderOpen = "folder-open"
}
