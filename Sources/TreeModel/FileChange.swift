/// One changed file: what a comparison found for one path.
public struct FileChange: Hashable, Sendable {
    /// How it changed; `nil` for a bare path read from a list that carries no status.
    public var status: ChangeStatus?
    /// The new path (the old one for a deletion).
    public var path: RawPath
    /// Where a rename or copy came from.
    public var oldPath: RawPath?
    /// Rename or copy similarity, 0–100, as git prints it.
    public var similarity: Int?
    /// Inserted lines; `nil` when not counted or binary.
    public var insertions: Int?
    /// Deleted lines; `nil` when not counted or binary.
    public var deletions: Int?
    /// Whether either side is binary; `nil` when content was not read.
    public var binary: Bool?
    /// The mode on the old side; `nil` when there is none.
    public var oldMode: FileMode?
    /// The mode on the new side; `nil` when there is none.
    public var newMode: FileMode?

    public init(
        status: ChangeStatus?, path: RawPath, oldPath: RawPath? = nil, similarity: Int? = nil,
        insertions: Int? = nil, deletions: Int? = nil, binary: Bool? = nil,
        oldMode: FileMode? = nil, newMode: FileMode? = nil
    ) {
        self.status = status
        self.path = path
        self.oldPath = oldPath
        self.similarity = similarity
        self.insertions = insertions
        self.deletions = deletions
        self.binary = binary
        self.oldMode = oldMode
        self.newMode = newMode
    }
}
