import TreeModel

/// Mutations (Docs/TreeModel.md#mutations-and-resets). Each is validated before anything
/// changes; a batch is all-or-nothing and reports one update. The focus follows
/// moved identities; a removed focus goes to the nearest-to row. Roll-ups are updated along
/// the ancestors of what changed.
extension TreeBrowserModel {
    /// Adds a file or directory and its missing ancestors; new directories follow
    /// ``initialExpansion``. Adding an existing path changes nothing.
    @discardableResult
    public mutating func add(_ path: TreePath) throws(TreeMutationError) -> TreeUpdate {
        try apply(.add(path))
    }

    /// Adds the file of `change` at its path, or gives the file there this change.
    @discardableResult
    public mutating func add(_ change: FileChange) throws(TreeMutationError) -> TreeUpdate {
        try apply(.addChange(change))
    }

    /// Removes a file, or a directory and everything below it.
    @discardableResult
    public mutating func remove(_ path: TreePath) throws(TreeMutationError) -> TreeUpdate {
        try apply(.remove(path))
    }

    /// Moves a file or directory to `destination`; expansion and focus inside a
    /// moved directory move with it.
    @discardableResult
    public mutating func move(_ path: TreePath, to destination: TreePath) throws(TreeMutationError) -> TreeUpdate {
        try apply(.move(path, to: destination))
    }

    /// Applies one mutation.
    @discardableResult
    public mutating func apply(_ mutation: TreeMutation) throws(TreeMutationError) -> TreeUpdate {
        try liftingFilter { model throws(TreeMutationError) in
            var context = model.beginUpdate([mutation])
            model.forest.beginJournal()
            do throws(TreeMutationError) { try model.perform(mutation, &context) } catch {
                model.forest.rollBack()
                throw error
            }
            model.revision += 1
            return model.finishUpdate(context, model.forest.commitJournal())
        }
    }

    /// Applies `mutations` in order, all or nothing, and reports one update.
    ///
    /// - Throws: ``TreeMutationError/inBatch(position:_:)`` naming the first mutation that
    ///   fails; the model is then unchanged.
    @discardableResult
    public mutating func batch(_ mutations: [TreeMutation]) throws(TreeMutationError) -> TreeUpdate {
        try liftingFilter { model throws(TreeMutationError) in
            var context = model.beginUpdate(mutations)
            model.forest.beginJournal()
            for (position, mutation) in mutations.enumerated() {
                do throws(TreeMutationError) { try model.perform(mutation, &context) } catch {
                    model.forest.rollBack()
                    model.focus = context.focusBefore
                    throw .inBatch(position: position, error)
                }
            }
            model.revision += 1
            return model.finishUpdate(context, model.forest.commitJournal())
        }
    }

    // MARK: Steps

    struct UpdateContext {
        var focusBefore: TreePath?
        var focusRowBefore: Int?
        var lostFocus: TreePath?
        var positions: [TreePath: Int] = [:]
        /// The slots the mutations created, outermost first: they get ``initialExpansion``
        /// once every mutation is done (or before a move, which carries expansion), their
        /// levels those of the tree the update leaves, whatever the order of the mutations.
        var created: [Int] = []
    }

    func beginUpdate(_ mutations: [TreeMutation]) -> UpdateContext {
        var context = UpdateContext(focusBefore: focus, focusRowBefore: focusedRowIndex)
        for mutation in mutations {
            switch mutation {
            case .remove(let path), .move(let path, _):
                if let slot = forest.slot(of: path), let row = nearestVisibleRow(ofSlot: slot) {
                    context.positions[path] = context.positions[path] ?? row
                }
            case .add, .addChange: break
            }
        }
        return context
    }

    /// Validates, then applies, one mutation; throws before changing anything.
    mutating func perform(_ mutation: TreeMutation, _ context: inout UpdateContext) throws(TreeMutationError) {
        switch mutation {
        case .add(let path):
            guard !forest.conflicts(path) else { throw .invalidPath(.fileAndDirectory(RawPath(bytes: path.identity))) }
            context.created += (try? forest.insert(path, ordered: true)) ?? []
        case .addChange(let change):
            let path: TreePath
            do { path = try TreePath(change.path) } catch { throw .invalidPath(error) }
            guard !path.isDirectory else { throw .notAFile(path) }
            if let slot = forest.slot(of: path) {
                forest.replaceChange(of: slot, with: change)
                return
            }
            guard !forest.conflicts(path) else { throw .invalidPath(.fileAndDirectory(change.path)) }
            context.created += (try? forest.insert(path, change: change, ordered: true)) ?? []
        case .remove(let path):
            guard let slot = forest.slot(of: path) else { throw .notFound(path) }
            forest.remove(slot)
            if let focused = focus, forest.slot(of: focused) == nil {
                context.lostFocus = focused
                focus = nil
            }
        case .move(let path, let destination):
            guard let slot = forest.slot(of: path) else { throw .notFound(path) }
            guard destination != path else { return }
            guard path.isDirectory == destination.isDirectory else { throw .kindMismatch(from: path, to: destination) }
            let occupant = forest.allowsFileAndDirectory
                ? forest.slot(of: destination) : forest.slot(normalized: destination.normalized)
            guard occupant == nil else { throw .alreadyExists(destination) }
            if path.isDirectory && Self.lies(destination, below: path) {
                throw .moveIntoItself(from: path, to: destination)
            }
            guard !forest.conflicts(destination) else {
                throw .invalidPath(.fileAndDirectory(RawPath(bytes: destination.identity)))
            }
            applyInitialExpansion(to: context.created.filter(forest.isAlive))
            context.created = forest.move(slot, to: destination)
            focus = focus.map { Self.remap($0, from: path, to: destination) }
        }
    }

    /// Recomputes the rows below the deepest directory above every change, settles a lost
    /// focus, and reports the update.
    mutating func finishUpdate(
        _ context: UpdateContext, _ journal: (changes: [PathForest.Change], redecorated: [Int])
    ) -> TreeUpdate {
        let (changes, redecorated) = journal
        forest.indexChildren()
        applyInitialExpansion(to: context.created.filter(forest.isAlive))
        let rows: RowReplacement? = switch forest.commonAncestorOfChanges(changes) {
        case nil: nil
        case PathForest.root: refreshAll()
        case let directory?: refreshSubtree(ofSlot: directory, trimmed: true)
        }
        if focus == nil, !defersLostFocus, let lost = context.lostFocus {
            focus = nearestRow(to: lost, removedAt: context.focusRowBefore).map(identity(ofRow:))
        }
        removedRowPositions = context.positions.filter { !contains($0.key) }
        if let lost = context.lostFocus, !contains(lost), let row = context.focusRowBefore {
            removedRowPositions[lost] = row
        }
        let decorations = rowRange(of: redecorated)
        return TreeUpdate(rows: rows, decorations: decorations, focus: Self.focusChange(context.focusBefore, focus))
    }

    /// The smallest range of visible rows holding the rows of every slot of `slots` that is
    /// visible, or `nil` when none is.
    func rowRange(of slots: [Int]) -> Range<Int>? {
        var range: Range<Int>?
        for slot in slots {
            guard let row = rowIndex(ofSlot: slot) else { continue }
            range = range.map { min($0.lowerBound, row)..<max($0.upperBound, row + 1) } ?? row..<(row + 1)
        }
        return range
    }

    /// How many removed nodes may pile up (beyond the live count) before they are dropped.
    static var compactionThreshold: Int { 4096 }

    /// Whether enough removed nodes piled up to drop them.
    var needsCompaction: Bool { forest.deadCount > max(Self.compactionThreshold, forest.liveCount) }

    /// Drops removed nodes from storage when enough piled up; visible rows follow their
    /// nodes' new slots. Not under a projection (its slots would be stale).
    mutating func compactIfNeeded() {
        guard needsCompaction else { return }
        precondition(forest.projection == nil)
        let newSlots = forest.compact()
        for index in visible.indices {
            visible[index].head = newSlots[visible[index].head]!
            visible[index].node = newSlots[visible[index].node]!
        }
    }

    /// Whether `path` lies strictly below the directory `directory`.
    static func lies(_ path: TreePath, below directory: TreePath) -> Bool {
        let inner = path.normalized.bytes, outer = directory.normalized.bytes
        return inner.count > outer.count && inner[outer.count] == UInt8(ascii: "/") && inner.starts(with: outer)
    }

    /// `path` with `from` (itself or a directory above it) replaced by `to`.
    static func remap(_ path: TreePath, from: TreePath, to: TreePath) -> TreePath {
        if path == from { return to }
        guard from.isDirectory, lies(path, below: from) else { return path }
        var bytes = to.normalized.bytes + path.normalized.bytes[from.normalized.bytes.count...]
        if path.isDirectory { bytes.append(UInt8(ascii: "/")) }
        return (try? TreePath(RawPath(bytes: bytes))) ?? path
    }
}

/// Reset (Docs/TreeModel.md#mutations-and-resets): a new tree, the same state for the
/// identities that remain.
extension TreeBrowserModel {
    /// Replaces the paths. Expansion and focus survive for identities that still
    /// exist; removed ones are pruned (a removed focus goes to the nearest-to row); new
    /// directories follow ``initialExpansion``. The ``filter`` stays: what it hid before
    /// counts as new. An invalid input changes nothing.
    @discardableResult
    public mutating func reset(paths: [RawPath]) throws(TreePathError) -> TreeUpdate {
        try reset(to: Self.buildForest(paths, order: order))
    }

    /// Replaces the paths, given as text.
    @discardableResult
    public mutating func reset(paths: [String]) throws(TreePathError) -> TreeUpdate {
        try reset(paths: paths.map(RawPath.init))
    }

    /// Replaces the tree with a change tree's, as ``reset(paths:)-([RawPath])`` does: the
    /// live refresh of a change set.
    @discardableResult
    public mutating func reset(changeTree: ChangeTree) throws(TreePathError) -> TreeUpdate {
        try reset(to: Self.buildForest(changeTree))
    }

    private mutating func reset(to newForest: consuming PathForest) -> TreeUpdate {
        let old = self
        var next = self
        let oldForest = forest
        next.forest = consume newForest
        next.forest.flattensChains = isFlattened
        next.forest.projection = filter.showsEverything ? nil : ForestProjection(forest: next.forest, filter: filter)
        next.applyExpansionToAll { path in
            oldForest.slot(of: path).map(oldForest.isExpanded)
        }
        next.visible = next.rows(below: PathForest.root, level: 0)
        next.removedRowPositions = [:]
        next.revision += 1
        if let focused = focus, !next.contains(focused) {
            let before = focusedRowIndex
            next.focus = next.nearestRow(to: focused, removedAt: before).map(next.identity(ofRow:))
            if let before { next.removedRowPositions[focused] = before }
        }
        self = next
        let rows = RowReplacement.between(old.visible, visible) { a, b in
            a.level == b.level && a.isExpanded == b.isExpanded
                && old.forest.nodes[a.node].path == forest.nodes[b.node].path
                && old.forest.nodes[a.head].path == forest.nodes[b.head].path
        }
        return TreeUpdate(rows: rows, decorations: decorationsChanged(since: old, rows: rows),
                          focus: Self.focusChange(old.focus, focus))
    }

    /// The smallest range of rows outside `rows` (the reshaped ones) whose change or roll-up
    /// differs from the same row of `old`.
    private func decorationsChanged(since old: TreeBrowserModel, rows: RowReplacement?) -> Range<Int>? {
        var range: Range<Int>?
        for index in visible.indices {
            var oldIndex = index
            if let rows {
                if rows.inserted.contains(index) { continue }
                if index >= rows.inserted.upperBound { oldIndex = index - rows.inserted.count + rows.replaced.count }
            }
            let oldSlot = old.visible[oldIndex].node, newSlot = visible[index].node
            guard old.forest.nodes[oldSlot].change != forest.nodes[newSlot].change
                || old.forest.shownSummary(of: oldSlot) != forest.shownSummary(of: newSlot) else { continue }
            range = range.map { $0.lowerBound..<(index + 1) } ?? index..<(index + 1)
        }
        return range
    }
}
