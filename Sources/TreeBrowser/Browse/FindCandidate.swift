import TreeModel

/// Something ranked find can find: a file or directory, with its tags (for us, its status
/// names such as `added`, and its file type such as its icon name). Its texts are normalized
/// once, here (see ``FindQuery``).
public struct FindCandidate: Hashable, Sendable {
    /// The file or directory.
    public let path: TreePath
    /// The tags, as given.
    public let tags: [String]
    /// The directory containing ``path``, or `nil` at the top level.
    public let parent: TreePath?
    let normalizedName: [UInt8]
    let normalizedIdentity: [UInt8]
    let normalizedTags: [[UInt8]]

    /// A candidate for `path`, carrying `tags`.
    public init(path: TreePath, tags: [String] = []) {
        self.init(path: path, parent: Self.parent(of: path), tags: tags)
    }

    /// A candidate whose parent directory is already known.
    init(path: TreePath, parent: TreePath?, tags: [String]) {
        self.path = path
        self.tags = tags
        self.parent = parent
        self.normalizedName = FindQuery.normalize(path.normalized.basename)
        self.normalizedIdentity = FindQuery.normalize(path.identity)
        self.normalizedTags = tags.map { tag in
            var tag = tag
            return tag.withUTF8 { FindQuery.normalize($0) }
        }
    }

    /// A candidate below `parent` (a candidate itself), whose tags are already normalized:
    /// its identity is normalized from the parent's when its name is ASCII (the parent's
    /// identity ends in `/`, so no text runs across the join).
    init(path: TreePath, parent: FindCandidate?, tags: [String], normalizedTags: [[UInt8]]) {
        self.path = path
        self.tags = tags
        self.parent = parent?.path
        self.normalizedName = FindQuery.normalize(path.normalized.basename)
        let name = path.normalized.basename
        if let parent, name.allSatisfy({ $0 < 0x80 }) {
            var identity = parent.normalizedIdentity
            identity.append(contentsOf: normalizedName)
            if path.isDirectory { identity.append(UInt8(ascii: "/")) }
            normalizedIdentity = identity
        } else {
            normalizedIdentity = FindQuery.normalize(path.identity)
        }
        self.normalizedTags = normalizedTags
    }

    private static func parent(of path: TreePath) -> TreePath? {
        let parent = path.normalized.parent
        guard !parent.isEmpty else { return nil }
        return try? TreePath(RawPath(bytes: Array(parent) + [UInt8(ascii: "/")]))
    }
}
