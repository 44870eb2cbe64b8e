import GitRules

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
        get { ViewState(rawValue: storedFlags >> Self.viewStateShift & Self.viewStateBits) ?? .notViewed }
        set { storedFlags = storedFlags & ~(Self.viewStateBits << Self.viewStateShift) | newValue.rawValue << Self.viewStateShift }
    }
    /// Whether the file's change differs from the one at the last review compared with
    /// (`--since-review`, the browser's `R`); set by whoever compared, never shown by itself.
    public var changedSinceReview: Bool {
        get { storedFlags & Self.changedSinceReviewFlag != 0 }
        set { storedFlags = newValue ? storedFlags | Self.changedSinceReviewFlag : storedFlags & ~Self.changedSinceReviewFlag }
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
        oldPath != nil || storedOldMode != Self.noMode || storedNewMode != Self.noMode
            || storedFlags & ~Self.changedSinceReviewFlag != 0
    }

    /// Stands for a missing count (counts are never negative).
    private static let absent = Int.min
    private static let absent32 = Int32.min
    /// Stands for a missing mode (git modes fit in 16 bits).
    @usableFromInline static let noMode = UInt32.max
    private static let partiallyStagedFlag: UInt8 = 1
    private static let viewStateShift: UInt8 = 1
    private static let viewStateBits: UInt8 = 0b11
    @usableFromInline static let changedSinceReviewFlag: UInt8 = 0x80
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

/// A git file mode (`100644`, `100755`, `120000`, `160000`, `040000`).
public struct FileMode: Hashable, Sendable, CustomStringConvertible {
    /// The numeric mode as git stores it.
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let regular = FileMode(rawValue: 0o100644)
    public static let executable = FileMode(rawValue: 0o100755)
    public static let symlink = FileMode(rawValue: 0o120000)
    public static let submodule = FileMode(rawValue: 0o160000)

    /// Six octal digits, as git prints modes (`100644`).
    public var description: String {
        let digits = String(rawValue, radix: 8)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}

/// How a file changed between the two sides of a comparison.
public enum ChangeStatus: String, Sendable, CaseIterable, Hashable {
    case added
    case modified
    case deleted
    case renamed
    case copied
    case typeChanged
    case untracked
    case unmerged

    /// How a status is written: git's `--name-status` letter (`?` for untracked, as
    /// `git status -s`), its name in words (`type changed`, as headers and roll-ups count
    /// it), and its name in JSON (the raw value, `typeChanged`). The one table every renderer
    /// and reader takes them from.
    @inline(__always)
    private var spelling: (letter: UInt8, words: StaticString, name: StaticString) {
        switch self {
        case .added: (UInt8(ascii: "A"), "added", "added")
        case .modified: (UInt8(ascii: "M"), "modified", "modified")
        case .deleted: (UInt8(ascii: "D"), "deleted", "deleted")
        case .renamed: (UInt8(ascii: "R"), "renamed", "renamed")
        case .copied: (UInt8(ascii: "C"), "copied", "copied")
        case .typeChanged: (UInt8(ascii: "T"), "type changed", "typeChanged")
        case .untracked: (UInt8(ascii: "?"), "untracked", "untracked")
        case .unmerged: (UInt8(ascii: "U"), "unmerged", "unmerged")
        }
    }

    /// The status git's `--name-status` letter stands for (`?` for untracked).
    public init?(letter: Character) {
        guard let status = Self.allCases.first(where: { $0.letter == letter }) else { return nil }
        self = status
    }

    /// The one-letter marker git's `--name-status` uses (`?` for untracked, as `git status -s`).
    public var letter: Character { Character(Unicode.Scalar(letterByte)) }

    /// ``letter`` as its ASCII byte, for renderers that write bytes.
    public var letterByte: UInt8 { spelling.letter }

    /// The status in words (`added`, `type changed`), as headers and roll-ups count it.
    public var words: StaticString { spelling.words }

    /// The status's name as JSON writes it (`added`, `typeChanged`): its raw value, as a literal.
    public var jsonName: StaticString { spelling.name }
}

/// What a comparison compares; the raw value is the text the JSON output's `mode` carries.
public enum ComparisonKind: String, Sendable, CaseIterable {
    /// One revision's tree against another's (`A..B`, `A B`, `X^!`, `X^-<n>`).
    case commits
    /// The merge base of two revisions against the second (`A...B`).
    case mergeBase
    /// A revision (HEAD by default) against the index.
    case staged
    /// A revision (HEAD by default) against the working tree, with untracked files.
    case worktree
    /// A change list read from standard input; no repository.
    case stdin
}

/// A git object id (SHA-1, 20 bytes) as a plain value, for what a change points at outside
/// the file tree: a submodule's commit.
public struct ObjectHash: Hashable, Sendable, CustomStringConvertible {
    private var high: UInt64
    private var middle: UInt64
    private var low: UInt32

    /// The id of the 20 bytes `bytes` (`nil` unless there are exactly 20).
    public init?(bytes: [UInt8]) {
        guard bytes.count == 20 else { return nil }
        high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        middle = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
        low = bytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The id written as 40 hex digits (either case); `nil` for anything else.
    public init?(hex: String) {
        self.init(hexDigits: Array(hex.utf8)[...])
    }

    /// The id whose 40 hex digits (either case) are `digits`; `nil` for anything else.
    package init?(hexDigits digits: ArraySlice<UInt8>) {
        guard digits.count == 40,
              let high = Hex.value(of: digits.prefix(16)),
              let middle = Hex.value(of: digits.dropFirst(16).prefix(16)),
              let low = Hex.value(of: digits.suffix(8))
        else { return nil }
        (self.high, self.middle, self.low) = (high, middle, UInt32(low))
    }

    /// The 20 bytes.
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: middle >> UInt64(56 - 8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: low >> UInt32(24 - 8 * $0)) }
    }

    /// Writes the forty lowercase hex digits of ``hex`` at `target`, making no text.
    public func writeHex(to target: UnsafeMutablePointer<UInt8>) {
        Hex.writeObjectID(high: high, middle: middle, low: low, to: UnsafeMutableRawPointer(target))
    }

    /// Forty lowercase hex digits.
    public var hex: String { Hex.objectID(high: high, middle: middle, low: low) }

    /// The first seven hex digits, as git abbreviates ids by default.
    public var abbreviated: String { String(hex.prefix(7)) }

    public var description: String { hex }
}
