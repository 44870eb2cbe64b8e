import TreeModel

/// The filter (``FileFilter``): a projection of the tree already built, not a new tree.
/// Rows, chains, roll-ups, lookups and find see only the files it shows and the directories
/// above them, exactly as in a model built from those files alone. Expansion and focus are
/// carried as a reset carries them (Docs/TreeModel.md#mutations-and-resets): what stays
/// shown keeps its state, a directory shown again follows ``initialExpansion``, a hidden
/// focus goes to the nearest-to row.
extension TreeBrowserModel {
    /// The files shown.
    public var filter: FileFilter { forest.projection?.filter ?? .everything }

    /// Shows only the files `filter` shows (every file for ``FileFilter/everything``). Costs
    /// one pass over the nodes and one over the rows shown, whatever was shown before.
    @discardableResult
    public mutating func setFilter(_ filter: FileFilter) -> TreeUpdate {
        guard filter != self.filter else { return TreeUpdate() }
        let before = forest.projection, focusRowBefore = focusedRowIndex
        forest.projection = filter.showsEverything ? nil : ForestProjection(forest: forest, filter: filter)
        return settleProjection(hiddenBefore: before, rowsBefore: visible, focusBefore: focus,
                                focusRowBefore: focusRowBefore)
    }

    /// Runs `mutate` (mutations) on every node, the filter lifted, then filters again; the
    /// update then says every shown row may have changed its decoration.
    mutating func liftingFilter(
        _ mutate: (inout TreeBrowserModel) throws(TreeMutationError) -> TreeUpdate
    ) throws(TreeMutationError) -> TreeUpdate {
        defer { forest.indexChildren() }
        guard let before = forest.projection else {
            let update = try mutate(&self)
            compactIfNeeded()
            return update
        }
        let rowsBefore = visible, focusBefore = focus, focusRowBefore = focusedRowIndex
        forest.projection = nil
        defersLostFocus = true
        defer { defersLostFocus = false }
        do { _ = try mutate(&self) } catch {
            forest.projection = before
            visible = rowsBefore
            throw error
        }
        forest.projection = ForestProjection(forest: forest, filter: before.filter)
        let update = settleProjection(hiddenBefore: before, rowsBefore: rowsBefore, focusBefore: focusBefore,
                                      focusRowBefore: focusRowBefore, lostFocus: focus == nil ? focusBefore : nil)
        if needsCompaction {
            forest.projection = nil
            compactIfNeeded()
            forest.projection = ForestProjection(forest: forest, filter: before.filter)
        }
        return update
    }

    /// After the projection changed from `hiddenBefore`: opens or closes the directories now
    /// shown that were hidden, makes the rows again, keeps the focus on what is shown (a hidden focus, or `lostFocus` removed by a mutation, goes to the
    /// nearest-to row), and reports the update.
    mutating func settleProjection(
        hiddenBefore before: ForestProjection?, rowsBefore: [ShownRow], focusBefore: TreePath?,
        focusRowBefore: Int?, lostFocus: TreePath? = nil
    ) -> TreeUpdate {
        if let before { applyInitialExpansion(toShownOutside: before) }
        visible = rows(below: PathForest.root, level: 0)
        removedRowPositions = [:]
        revision += 1
        if let focused = focus.map({ contains($0) ? nil : $0 }) ?? lostFocus {
            focus = nearestRow(to: focused, removedAt: focusRowBefore).map(identity(ofRow:))
            if let focusRowBefore { removedRowPositions[focused] = focusRowBefore }
        }
        let rows = RowReplacement.between(rowsBefore, visible)
        let outside = rows.map { $0.inserted.count < visible.count } ?? !visible.isEmpty
        return TreeUpdate(rows: rows, decorations: outside ? visible.indices : nil,
                          focus: Self.focusChange(focusBefore, focus))
    }

    /// Gives every shown directory that `before` hid (or that did not exist then) the
    /// ``initialExpansion``, its level counted in the rows shown now. One pass over the slots
    /// finds them; under a depth rule they start closed, and a walk down the shown rows above
    /// that depth (each row's level from its parent's) opens those the rule opens.
    private mutating func applyInitialExpansion(toShownOutside before: ForestProjection) {
        let now = forest.projection
        var shownAgain: [Int] = []
        forest.flags.withUnsafeBufferPointer { flags in
            for slot in flags.indices.dropFirst()
            where flags[slot].isSuperset(of: [.alive, .directory]) && !before.isShown(slot) && now?.isShown(slot) ?? true {
                shownAgain.append(slot)
            }
        }
        guard !shownAgain.isEmpty else { return }
        guard case .depth(let depth) = initialExpansion else {
            for slot in shownAgain { forest.setExpanded(slot, initiallyExpanded(slot, level: 0)) }
            return
        }
        for slot in shownAgain { forest.setExpanded(slot, false) }
        var opened: [Int] = []
        forest.withShownChildLists { isDirectory, children in
            var stack: [(slot: Int, level: Int)] = [(PathForest.root, 0)]
            while let (parent, level) = stack.popLast() {
                let below = children(parent)
                for child in below where isDirectory(child) {
                    let childLevel = parent == PathForest.root ? 0
                        : forest.flattensChains && below.count == 1 ? level : level + 1
                    guard ExpansionDepth.opens(rowLevel: childLevel, depth: depth) else { continue }
                    if !before.isShown(child) { opened.append(child) }
                    stack.append((child, childLevel))
                }
            }
        }
        for slot in opened { forest.setExpanded(slot, true) }
    }
}

/// Which files a ``TreeBrowserModel`` shows: every file, the files of one status (the
/// browser's `f`), without the files marked viewed (`u`), only those changed since the last
/// review (`R`), or any of these together. A directory is shown when a file it shows lies
/// below it, with the roll-up of those files; chains flatten over what is shown
/// (Docs/TreeModel.md#status-and-roll-ups, Docs/TreeModel.md#flattening).
public struct FileFilter: Hashable, Sendable {
    /// The status shown alone, or `nil` for every status.
    public var status: ChangeStatus?
    /// Whether files marked viewed are hidden.
    public var hidesViewed: Bool
    /// Whether only the files whose change differs from the last review's are shown
    /// (``FileChange/changedSinceReview``).
    public var onlyChangedSinceReview: Bool

    /// A filter of `status` (every status for `nil`), hiding viewed files when `hidesViewed`,
    /// showing only the files changed since the last review when `onlyChangedSinceReview`.
    public init(status: ChangeStatus? = nil, hidesViewed: Bool = false, onlyChangedSinceReview: Bool = false) {
        self.status = status
        self.hidesViewed = hidesViewed
        self.onlyChangedSinceReview = onlyChangedSinceReview
    }

    /// Every file shown.
    public static let everything = FileFilter()

    /// Whether every file is shown.
    public var showsEverything: Bool { status == nil && !hidesViewed && !onlyChangedSinceReview }

    /// Whether a file with this change is shown.
    @inlinable
    public func shows(_ change: FileChange) -> Bool {
        if let status, change.status != status { return false }
        if onlyChangedSinceReview && !change.changedSinceReview { return false }
        return !hidesViewed || change.viewState != .viewed
    }

    static let viewedBit: UInt8 = 0x10
    static let changedSinceReviewBit: UInt8 = 0x20
    static let statusBits: UInt8 = 0x0F

    /// A change's status, whether it is viewed and whether it changed since the last review,
    /// in a byte: what the projection reads.
    static func key(of change: FileChange?) -> UInt8 {
        guard let change else { return 0 }
        return statusKey(change.status) | (change.viewState == .viewed ? viewedBit : 0)
            | (change.changedSinceReview ? changedSinceReviewBit : 0)
    }

    /// The key bits a shown file must not have (a viewed file's, while viewed files are hidden).
    var hiddenBits: UInt8 { hidesViewed ? Self.viewedBit : 0 }

    /// The key bits a shown file must have (a change since the last review's, while only
    /// those are shown).
    var requiredBits: UInt8 { onlyChangedSinceReview ? Self.changedSinceReviewBit : 0 }

    /// The status bits of ``key(of:)`` for `status` (0 for none).
    static func statusKey(_ status: ChangeStatus?) -> UInt8 {
        guard let status else { return 0 }
        return UInt8(status.lane + 1)
    }
}

/// Viewed marks: a file's ``FileChange/viewState`` changes in place, without a mutation.
/// Shape, roll-ups and ``revision`` stay (find's candidates and the rows' shape do not depend
/// on it); only the rows of those files are redecorated, unless the filter hides viewed
/// files: then the tree is projected again, as ``setFilter(_:)`` does (a new revision).
extension TreeBrowserModel {
    /// Gives the files at `paths` the view state `state`, those a filter hides too;
    /// directories and unknown paths are passed over.
    @discardableResult
    public mutating func setViewState(_ state: ViewState, of paths: [TreePath]) -> TreeUpdate {
        let projection = forest.projection
        forest.projection = nil
        let files = paths.compactMap { forest.slot(of: $0) }.filter { !forest.isDirectory($0) }
        forest.projection = projection
        return setViewState(state, ofFiles: files)
    }

    /// Gives the file at `path`, or every file shown below the directory at `path`, the view
    /// state `state` (the browser's `v`): no lookup per file, one walk below `path`.
    @discardableResult
    public mutating func setViewState(_ state: ViewState, ofFilesAt path: TreePath) -> TreeUpdate {
        guard let slot = forest.slot(of: path) else { return TreeUpdate() }
        return setViewState(state, ofFiles: forest.shownFiles(below: slot))
    }

    /// Sets the view state of the file slots `files`; costs a pass over the visible rows
    /// besides, whatever their number.
    private mutating func setViewState(_ state: ViewState, ofFiles files: [Int]) -> TreeUpdate {
        guard !files.isEmpty else { return TreeUpdate() }
        let before = forest.projection, focusRowBefore = focusedRowIndex, rowsBefore = visible
        var marked = [Bool](repeating: false, count: forest.nodes.count)
        for slot in files {
            forest.setViewState(of: slot, to: state)
            marked[slot] = true
        }
        guard let before, before.filter.hidesViewed else {
            guard let first = visible.firstIndex(where: { marked[$0.node] }),
                  let last = visible.lastIndex(where: { marked[$0.node] }) else { return TreeUpdate() }
            return TreeUpdate(decorations: first..<(last + 1))
        }
        forest.projection = ForestProjection(forest: forest, filter: before.filter)
        return settleProjection(hiddenBefore: before, rowsBefore: rowsBefore, focusBefore: focus,
                                focusRowBefore: focusRowBefore)
    }
}
