import TreeModel

/// Which files a ``TreeBrowserModel`` shows: every file, the files of one status (the
/// browser's `f`), without the files marked viewed (`u`), or both. A directory is shown when
/// a file it shows lies below it, with the roll-up of those files; chains flatten over what
/// is shown (Docs/TreeModel.md#status-and-roll-ups, Docs/TreeModel.md#flattening).
public struct FileFilter: Hashable, Sendable {
    /// The status shown alone, or `nil` for every status.
    public var status: ChangeStatus?
    /// Whether files marked viewed are hidden.
    public var hidesViewed: Bool

    /// A filter of `status` (every status for `nil`), hiding viewed files when `hidesViewed`.
    public init(status: ChangeStatus? = nil, hidesViewed: Bool = false) {
        self.status = status
        self.hidesViewed = hidesViewed
    }

    /// Every file shown.
    public static let everything = FileFilter()

    /// Whether every file is shown.
    public var showsEverything: Bool { status == nil && !hidesViewed }

    /// Whether a file with this change is shown.
    @inlinable
    public func shows(_ change: FileChange) -> Bool {
        if let status, change.status != status { return false }
        return !hidesViewed || change.viewState != .viewed
    }

    static let viewedBit: UInt8 = 0x10
    static let statusBits: UInt8 = 0x0F

    /// A change's status and whether it is viewed, in a byte: what ``shows(key:)`` reads.
    static func key(of change: FileChange?) -> UInt8 {
        guard let change else { return 0 }
        return statusKey(change.status) | (change.viewState == .viewed ? viewedBit : 0)
    }

    /// The status bits of ``key(of:)`` for `status` (0 for none).
    static func statusKey(_ status: ChangeStatus?) -> UInt8 {
        guard let status else { return 0 }
        return UInt8(ChangeStatus.allCases.firstIndex(of: status)! + 1)
    }
}
