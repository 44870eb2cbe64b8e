import TreeModel

/// Which directories start open (Docs/TreeModel.md#expansion-and-depth). Directories that
/// appear later (added, or new after a reset) get the same rule; known ones keep their state.
public enum InitialExpansion: Hashable, Sendable {
    /// Directories on row levels below `n` are open: `depth(1)` opens the top level.
    /// Levels count rows of the projection in force, so a flattened chain opens as one row
    /// (as `--depth` does).
    case depth(Int)
    /// Every directory is open.
    case expanded
    /// Every directory is closed.
    case collapsed
    /// Exactly the directories with these identities are open.
    case identities(Set<TreePath>)
}
