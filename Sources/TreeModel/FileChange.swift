/// One changed file: what a comparison found for one path.
///
/// Stored compactly (56 bytes rather than 88: optional numbers as sentinels, a submodule's
/// commits out of line, review flags in one byte of padding), since a change set may hold
/// hundreds of thousands of them.
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
    @usableFromInline var storedFlags: UInt8 = 0
    private var storedCommits: SubmoduleCommits?

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

    /// Whether the file also has changes that are not staged (`--staged` only): the working
    /// tree differs from the index the comparison reads.
    public var partiallyStaged: Bool {
        get { storedFlags & Self.partiallyStagedFlag != 0 }
        set { storedFlags = newValue ? storedFlags | Self.partiallyStagedFlag : storedFlags & ~Self.partiallyStagedFlag }
    }
    /// Whether the file was marked viewed, and with the content it has now.
    public var viewState: ViewState {
        get { ViewState(rawValue: storedFlags >> Self.viewStateShift) ?? .notViewed }
        set { storedFlags = storedFlags & Self.partiallyStagedFlag | newValue.rawValue << Self.viewStateShift }
    }

    /// Whether either side is a submodule (a gitlink, mode `160000`).
    public var isSubmodule: Bool {
        storedOldMode & Self.typeBits == Self.gitlinkType || storedNewMode & Self.typeBits == Self.gitlinkType
    }
    /// The commit the old side's submodule points at; `nil` when that side is no submodule.
    public var oldCommit: ObjectHash? {
        get { storedCommits?.old }
        set { storedCommits = SubmoduleCommits(old: newValue, new: newCommit) }
    }
    /// The commit the new side's submodule points at (in the working tree: its checked-out
    /// commit); `nil` when that side is no submodule or has no commit checked out.
    public var newCommit: ObjectHash? {
        get { storedCommits?.new }
        set { storedCommits = SubmoduleCommits(old: oldCommit, new: newValue) }
    }

    /// Whether the change shows something after its name: where it came from, its modes, or
    /// a review mark (partly staged, viewed).
    @inlinable
    public var showsDetailsAfterName: Bool {
        oldPath != nil || storedOldMode != Self.noMode || storedNewMode != Self.noMode || storedFlags != 0
    }

    /// Stands for a missing count (counts are never negative).
    private static let absent = Int.min
    private static let absent32 = Int32.min
    /// Stands for a missing mode (git modes fit in 16 bits).
    @usableFromInline static let noMode = UInt32.max
    private static let partiallyStagedFlag: UInt8 = 1
    private static let viewStateShift: UInt8 = 1
    private static let typeBits: UInt32 = 0o170000
    private static let gitlinkType: UInt32 = 0o160000

    public init(
        status: ChangeStatus?, path: RawPath, oldPath: RawPath? = nil, similarity: Int? = nil,
        insertions: Int? = nil, deletions: Int? = nil, binary: Bool? = nil,
        oldMode: FileMode? = nil, newMode: FileMode? = nil, oldCommit: ObjectHash? = nil, newCommit: ObjectHash? = nil
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
        self.storedCommits = SubmoduleCommits(old: oldCommit, new: newCommit)
    }
}

/// A submodule entry's two commits, boxed: one pointer in ``FileChange``, none for a file.
private indirect enum SubmoduleCommits: Hashable, Sendable {
    case pair(old: ObjectHash?, new: ObjectHash?)

    /// The pair, or `nil` when both are absent.
    init?(old: ObjectHash?, new: ObjectHash?) {
        if old == nil && new == nil { return nil }
        self = .pair(old: old, new: new)
    }

    var old: ObjectHash? { switch self { case .pair(let old, _): old } }
    var new: ObjectHash? { switch self { case .pair(_, let new): new } }
}
