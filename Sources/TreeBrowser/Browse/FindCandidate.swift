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

    /// The directory containing `path`, or `nil` at the top level.
    static func parent(of path: TreePath) -> TreePath? {
        let parent = path.normalized.parent
        guard !parent.isEmpty else { return nil }
        return try? TreePath(RawPath(bytes: Array(parent) + [UInt8(ascii: "/")]))
    }
}
