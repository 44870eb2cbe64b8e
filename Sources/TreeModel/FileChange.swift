/// One changed file: what a comparison found for one path.
///
/// Stored compactly (48 bytes rather than 88: optional numbers as sentinels), since a change
/// set may hold hundreds of thousands of them.
public struct FileChange: Hashable, Sendable {
    /// The new path (the old one for a deletion).
    public var path: RawPath
    /// Where a rename or copy came from.
    public var oldPath: RawPath?
    private var storedInsertions: Int
    private var storedDeletions: Int
    @usableFromInline var storedOldMode: UInt32
    @usableFromInline var storedNewMode: UInt32
    private var storedSimilarity: Int32
    private var storedStatus: ChangeStatus?
    private var storedBinary: Bool?

    /// How it changed; `nil` for a bare path read from a list that carries no status.
    public var status: ChangeStatus? {
        get { storedStatus }
        set { storedStatus = newValue }
    }
    /// Rename or copy similarity, 0–100, as git prints it.
    public var similarity: Int? {
        get { storedSimilarity == Self.absent32 ? nil : Int(storedSimilarity) }
        set { storedSimilarity = newValue.map { Int32(clamping: $0) } ?? Self.absent32 }
    }
    /// Inserted lines; `nil` when not counted or binary.
    public var insertions: Int? {
        get { storedInsertions == Self.absent ? nil : storedInsertions }
        set { storedInsertions = newValue ?? Self.absent }
    }
    /// Deleted lines; `nil` when not counted or binary.
    public var deletions: Int? {
        get { storedDeletions == Self.absent ? nil : storedDeletions }
        set { storedDeletions = newValue ?? Self.absent }
    }
    /// Whether either side is binary; `nil` when content was not read.
    public var binary: Bool? {
        get { storedBinary }
        set { storedBinary = newValue }
    }
    /// The mode on the old side; `nil` when there is none.
    public var oldMode: FileMode? {
        get { storedOldMode == Self.noMode ? nil : FileMode(rawValue: storedOldMode) }
        set { storedOldMode = newValue?.rawValue ?? Self.noMode }
    }
    /// The mode on the new side; `nil` when there is none.
    public var newMode: FileMode? {
        get { storedNewMode == Self.noMode ? nil : FileMode(rawValue: storedNewMode) }
        set { storedNewMode = newValue?.rawValue ?? Self.noMode }
    }

    /// Whether the change shows something after its name: where it came from, or its modes.
    @inlinable
    public var hasOriginOrModes: Bool {
        oldPath != nil || storedOldMode != Self.noMode || storedNewMode != Self.noMode
    }

    /// Stands for a missing count (counts are never negative).
    private static let absent = Int.min
    private static let absent32 = Int32.min
    /// Stands for a missing mode (git modes fit in 16 bits).
    @usableFromInline static let noMode = UInt32.max

    public init(
        status: ChangeStatus?, path: RawPath, oldPath: RawPath? = nil, similarity: Int? = nil,
        insertions: Int? = nil, deletions: Int? = nil, binary: Bool? = nil,
        oldMode: FileMode? = nil, newMode: FileMode? = nil
    ) {
        self.path = path
        self.oldPath = oldPath
        self.storedInsertions = insertions ?? Self.absent
        self.storedDeletions = deletions ?? Self.absent
        self.storedOldMode = oldMode?.rawValue ?? Self.noMode
        self.storedNewMode = newMode?.rawValue ?? Self.noMode
        self.storedSimilarity = similarity.map { Int32(clamping: $0) } ?? Self.absent32
        self.storedStatus = status
        self.storedBinary = binary
    }
}
