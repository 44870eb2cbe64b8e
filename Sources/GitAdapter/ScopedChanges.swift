import TreeModel

/// What live refresh read of a few paths of a comparison
/// (``Repository/changes(at:for:config:oldID:pairableBefore:)``).
public struct ScopedChanges: Sendable {
    /// The paths read (files or directories), none below another, in byte order: every
    /// change at or below them is in ``changes``.
    public var paths: [RawPath]
    /// The changes at or below ``paths``, sorted by path in byte order.
    public var changes: [FileChange]
    /// The new side's object id of each change, parallel to ``changes`` (empty when the
    /// request asked for none), as ``ChangeSet/newObjects``.
    public var newObjects: [ObjectHash?]
}
