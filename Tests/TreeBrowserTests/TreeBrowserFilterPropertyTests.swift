import TestSupport
import Testing
import TreeBrowser
import TreeModel

/// A filter is a projection of the model already built (``TreeBrowserModel/setFilter(_:)``).
/// On seeded random change sets and operation sequences, the projected model equals, row for
/// row, a model rebuilt from the files shown alone and carried over by a reset (as a new
/// tree was built for each filter before): rows and chains (which flatten further under a
/// filter), roll-ups, totals, lookups, focus, expansion, drawing shape and find's
/// candidates; also after expansion changes, moves of the focus, view states set in place
/// (``TreeBrowserModel/setViewState(_:of:)``, which leaves the revision unless viewed files
/// are hidden, and keeps whether a file changed since the review) and live-refresh mutations under a filter. The generator is checked to produce chains, every status and empty filters.
struct TreeBrowserFilterPropertyTests {
    static let filters: [FileFilter] = [.everything, FileFilter(hidesViewed: true), FileFilter(onlyChangedSinceReview: true),
                                        FileFilter(hidesViewed: true, onlyChangedSinceReview: true)]
        + ChangeStatus.allCases.flatMap {
            [FileFilter(status: $0), FileFilter(status: $0, hidesViewed: true), FileFilter(status: $0, onlyChangedSinceReview: true)]
        }

    struct Exploration {
        var filtersApplied = Set<FileFilter>()
        var longerChains = 0
        var emptyFilters = 0
        var refreshesUnderFilter = 0
        var expansionChanges = 0
        var statuses = Set<ChangeStatus>()
        var viewStatesSet = 0
        var directoriesViewed = 0
        var viewStatesSetWhileHidden = 0
        /// Line counts seen: unread, binary, counted, beyond 32 bits.
        var lineKinds = Set<String>()

        mutating func note(_ changes: [FileChange]) {
            statuses.formUnion(changes.compactMap(\.status))
            for change in changes {
                lineKinds.insert(change.binary == nil ? "unread" : change.binary! ? "binary"
                                 : (change.insertions ?? 0) > Int(UInt32.max) ? "wide" : "counted")
            }
        }
    }

    @Test func aProjectionShowsWhatARebuiltModelShows() throws {
        var exploration = Exploration()
        let settings: [(flatten: Bool, expansion: InitialExpansion)] = [
            (true, .expanded), (true, .depth(1)), (false, .depth(2)), (true, .collapsed), (false, .expanded),
        ]
        for seed in 1...24 {
            let setting = settings[seed % settings.count]
            try run(seed: seed, order: [TreeOrder.foldersFirst, .name, .input][seed % 3], setting: setting, &exploration)
        }
        #expect(exploration.filtersApplied.count == Self.filters.count, "every filter")
        #expect(exploration.longerChains >= 50, "chains that flatten further under a filter")
        #expect(exploration.emptyFilters >= 10, "filters that show nothing")
        #expect(exploration.refreshesUnderFilter >= 100, "live-refresh mutations under a filter")
        #expect(exploration.expansionChanges >= 200, "expansion changes")
        #expect(exploration.statuses == Set(ChangeStatus.allCases), "every status")
        #expect(exploration.lineKinds == ["unread", "binary", "counted", "wide"], "every kind of line count")
        #expect(exploration.viewStatesSet >= 50 && exploration.viewStatesSetWhileHidden >= 20, "view states set")
        #expect(exploration.directoriesViewed >= 20, "every file below a directory viewed")
    }

    private func run(seed: Int, order: TreeOrder, setting: (flatten: Bool, expansion: InitialExpansion),
                     _ exploration: inout Exploration) throws {
        var random = SeededGenerator(state: UInt64(seed))
        let generator = PathGenerator(allowsClashes: true)
        var changes = Self.unique((0..<40).map { _ in Self.randomChange(generator, &random) })
        var filter = FileFilter.everything
        var model = try TreeBrowserModel(changes: changes, order: order, flatten: setting.flatten, expansion: setting.expansion)
        var rebuilt = model
        exploration.note(changes)
        for step in 0..<150 {
            let context = Comment(rawValue: "seed \(seed), step \(step), filter \(filter), order \(order), \(setting)")
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                filter = Self.filters.randomElement(using: &random)!
                exploration.filtersApplied.insert(filter)
                let unfiltered = try TreeBrowserModel(changes: changes, order: order, flatten: true, expansion: .expanded)
                model.setFilter(filter)
                try rebuilt.reset(changeTree: ChangeTree(changes: changes.filter(filter.shows), order: order))
                exploration.longerChains += Self.longerChains(in: rebuilt, than: unfiltered)
                if !filter.showsEverything && rebuilt.rowCount == 0 { exploration.emptyFilters += 1 }
            case 2, 3, 4:
                guard model.rowCount > 0 else { continue }
                let path = model.row(at: Int.random(in: 0..<model.rowCount, using: &random)).identity
                let operations: [(inout TreeBrowserModel) -> TreeUpdate] = [
                    { $0.toggle(path) }, { $0.expand(path) }, { $0.collapse(path) }, { $0.reveal(path) },
                    { $0.expandAll() }, { $0.collapseAll() }, { $0.setFlattened(!$0.isFlattened) },
                ]
                let operation = operations[Int.random(in: 0..<operations.count, using: &random) % (step % 5 == 0 ? 7 : 4)]
                _ = operation(&model)
                _ = operation(&rebuilt)
                exploration.expansionChanges += 1
            case 5, 6:
                guard model.rowCount > 0 else { continue }
                let path = model.row(at: Int.random(in: 0..<model.rowCount, using: &random)).identity
                let operations: [(inout TreeBrowserModel) -> TreeUpdate] = [
                    { $0.focusNext() }, { $0.focusPrevious() }, { $0.focusParent() }, { $0.focus(nearestTo: path) },
                ]
                let operation = operations.randomElement(using: &random)!
                _ = operation(&model)
                _ = operation(&rebuilt)
            case 7:
                let state = ViewState.allCases.randomElement(using: &random)!
                let revision = model.revision
                if model.rowCount > 0 && Bool.random(using: &random) {
                    let path = model.row(at: Int.random(in: 0..<model.rowCount, using: &random)).identity
                    for index in changes.indices where filter.shows(changes[index])
                        && (changes[index].path.bytes == path.identity || Self.lies(changes[index].path, below: path)) {
                        changes[index].viewState = state
                    }
                    model.setViewState(state, ofFilesAt: path)
                    exploration.directoriesViewed += path.isDirectory ? 1 : 0
                } else {
                    let files = changes.indices.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
                    for index in files { changes[index].viewState = state }
                    model.setViewState(state, of: files.map { try! TreePath(changes[$0].path) })
                }
                try rebuilt.reset(changeTree: ChangeTree(changes: changes.filter(filter.shows), order: order))
                if !filter.hidesViewed { #expect(model.revision == revision, context) }
                exploration.viewStatesSet += filter.hidesViewed ? 0 : 1
                exploration.viewStatesSetWhileHidden += filter.hidesViewed ? 1 : 0
            default:
                // In input order a mutation appends where a build would not: no refresh there.
                guard order != .input else { continue }
                let before = changes
                changes = Self.refreshed(changes, generator, &random)
                exploration.note(changes)
                try model.batch(Self.mutations(from: before, to: changes, shown: { _ in true }))
                try rebuilt.batch(Self.mutations(from: before, to: changes, shown: filter.shows))
                if !filter.showsEverything { exploration.refreshesUnderFilter += 1 }
            }
            try Self.expectSame(model, rebuilt, filter: filter, context)
        }
    }

    /// Whether `path` lies below the directory `directory`.
    static func lies(_ path: RawPath, below directory: TreePath) -> Bool {
        directory.isDirectory && path.bytes.starts(with: directory.normalized.bytes + [UInt8(ascii: "/")])
    }

    /// Everything a view or a caller sees of the two models.
    static func expectSame(_ model: TreeBrowserModel, _ rebuilt: TreeBrowserModel, filter: FileFilter,
                           _ context: Comment) throws {
        #expect(model.filter == filter, context)
        #expect(model.rows == rebuilt.rows, context)
        #expect(model.paths == rebuilt.paths, context)
        #expect(model.count == rebuilt.count, context)
        #expect(model.total == rebuilt.total, context)
        #expect(model.focus == rebuilt.focus, context)
        #expect(model.focusedRowIndex == rebuilt.focusedRowIndex, context)
        #expect(model.expandedPaths == rebuilt.expandedPaths, context)
        #expect(model.children(of: nil) == rebuilt.children(of: nil), context)
        for index in 0..<min(model.rowCount, rebuilt.rowCount) {
            #expect(model.parentRow(ofRow: index) == rebuilt.parentRow(ofRow: index), context)
            #expect(model.isLastSibling(row: index) == rebuilt.isLastSibling(row: index), context)
            #expect(model.guides(ofRow: index) == rebuilt.guides(ofRow: index), context)
        }
        for path in rebuilt.paths {
            #expect(model.summary(of: path) == rebuilt.summary(of: path), context)
            #expect(model.children(of: path) == rebuilt.children(of: path), context)
            #expect(model.parent(of: path) == rebuilt.parent(of: path), context)
            #expect(model.rowIndex(of: path) == rebuilt.rowIndex(of: path), context)
        }
        #expect(RankedFind(model: model, icons: IconResolver()).candidates
            == RankedFind(model: rebuilt, icons: IconResolver()).candidates, context)
    }

    /// How many rows of `filtered` show a longer chain than the row of the same identity in `unfiltered`.
    static func longerChains(in filtered: TreeBrowserModel, than unfiltered: TreeBrowserModel) -> Int {
        guard filtered.isFlattened else { return 0 }
        let chains = Dictionary(unfiltered.rows.map { ($0.identity, $0.chain.count) }, uniquingKeysWith: { a, _ in a })
        var filtered = filtered
        filtered.expandAll()
        return filtered.rows.count { $0.chain.count > (chains[$0.identity] ?? Int.max) }
    }

    /// A random change, viewed one time in three, changed since the review one time in two.
    static func randomChange(_ generator: PathGenerator, _ random: inout SeededGenerator) -> FileChange {
        var change = generator.change(&random)
        change.changedSinceReview = Bool.random(using: &random)
        change.viewState = ViewState.allCases.randomElement(using: &random)!
        return change
    }

    /// The changes, one per path (the first).
    static func unique(_ changes: [FileChange]) -> [FileChange] {
        var seen = Set<RawPath>()
        return changes.filter { seen.insert($0.path).inserted }
    }

    /// The changes read again: some gone, some new, some with another status or view state.
    static func refreshed(_ changes: [FileChange], _ generator: PathGenerator, _ random: inout SeededGenerator) -> [FileChange] {
        var result = changes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !result.isEmpty: result.remove(at: Int.random(in: 0..<result.count, using: &random))
            case 1 where !result.isEmpty:
                let index = Int.random(in: 0..<result.count, using: &random)
                var change = randomChange(generator, &random)
                change.path = result[index].path
                result[index] = change
            default: result.append(randomChange(generator, &random))
            }
        }
        return unique(result)
    }

    /// The mutations live refresh makes from `before` to `after` for the files `shown`: each
    /// file gone removed with its highest ancestor left without a shown file, each new or
    /// changed one added.
    static func mutations(from before: [FileChange], to after: [FileChange],
                          shown: (FileChange) -> Bool) -> [TreeMutation] {
        let old = Dictionary(before.filter(shown).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let new = after.filter(shown)
        let remaining = Set(new.map(\.path))
        var directories = Set<ArraySlice<UInt8>>()
        for change in new {
            let bytes = change.path.bytes
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") { directories.insert(bytes[..<index]) }
        }
        var targets = Set<[UInt8]>()
        for path in old.keys where !remaining.contains(path) {
            var target = path.bytes
            var cut = path.bytes[...]
            while let index = cut.lastIndex(of: UInt8(ascii: "/")), !directories.contains(cut[..<index]) {
                target = Array(cut[..<index]) + [UInt8(ascii: "/")]
                cut = cut[..<index]
            }
            targets.insert(target)
        }
        var mutations = targets.sorted { $0.lexicographicallyPrecedes($1) }
            .compactMap { try? TreePath(RawPath(bytes: $0)) }.map(TreeMutation.remove)
        for change in new where old[change.path] != change { mutations.append(.addChange(change)) }
        return mutations
    }
}
