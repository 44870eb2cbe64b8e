/// How a comparison's new tree was reached from a tree compared before: that tree and the
/// entries ``TreeWalk`` found between it and the new one (renames off, no pathspec, no
/// unmodified files). A branch that grew by a commit is compared this way
/// (``TreeWalk/composed(base:step:)``), and so are its `.gitattributes` files
/// (``AttributeLookup/composedAttributeFiles(_:along:in:from:results:)``).
struct TreeStep: Sendable {
    /// The tree compared before.
    var previous: ObjectID
    /// The entries between ``previous`` and the new tree, in path order.
    var entries: [ChangeEntry]

    /// The directories where the step adds, deletes or changes a `.gitattributes`, with the
    /// new tree's file there (`nil`: none, or not a regular file).
    var attributeFileChanges: [[UInt8]: SideReader.Blob?] {
        let name = AttributeLookup.fileName
        var changes: [[UInt8]: SideReader.Blob?] = [:]
        for entry in entries {
            let path = entry.path
            guard path.count >= name.count, path[(path.count - name.count)...].elementsEqual(name) else { continue }
            let start = path.count - name.count
            guard start == 0 || path[start - 1] == UInt8(ascii: "/") else { continue }
            let file = entry.new.flatMap { $0.isRegularFile ? SideReader.Blob(id: $0.id, mode: $0.mode) : nil }
            changes[Array(path[..<max(start - 1, 0)])] = .some(file)
        }
        return changes
    }
}
