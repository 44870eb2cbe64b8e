import Render
import TreeModel

/// The filters of a run as the headers describe them (``ActiveFilters``), and the viewed
/// count beside them, both counted as the header's totals count (generated and vendored
/// files left out unless `--include-generated`).
enum ReportFilters {
    /// The filters `options` make active over the comparison's changes before any filter,
    /// `changeCount` of them (`files` their annotations), in the order they apply.
    static func active(_ options: Options, plan: AnnotationPlan, changeCount: Int,
                       files: FileAnnotations?, sinceReview: SinceReviewNote? = nil) -> ActiveFilters {
        var filters: [ActiveFilters.Filter] = sinceReview.map { [.sinceReview($0)] } ?? []
        if let status = options.statusFilter { filters.append(.status(kept: status.kept, dropped: status.dropped)) }
        if !options.owners.isEmpty { filters.append(.owner(options.owners)) }
        if !options.groups.isEmpty { filters.append(.group(options.groups)) }
        if let query = searchQuery(options), (options.searchMode ?? .hide) == .hide { filters.append(.search(query.text)) }
        if options.hidesViewed { filters.append(.unviewed) }
        return ActiveFilters(filters, comparisonFiles: counted(0..<changeCount, files, plan: plan))
    }

    /// The `--search` query, if any.
    static func searchQuery(_ options: Options) -> SearchQuery? {
        options.search.flatMap(SearchQuery.init)
    }

    /// How many of `entries` count (`files` indexed like them).
    static func counted(_ entries: some Collection<Int>, _ files: FileAnnotations?, plan: AnnotationPlan) -> Int {
        guard let files, !plan.includesGenerated else { return entries.count }
        return entries.count { !files.isLeftOut($0) }
    }

    /// `x of y viewed` over the files the filters keep before `--unviewed`: those `view`
    /// lists (`files` indexed like its tree's changes), and `hidden`, the viewed changes
    /// `--unviewed` took out before the tree was made (`hiddenFiles` their annotations),
    /// as many of them as the search keeps.
    static func viewedProgress(_ view: TreeView, files: FileAnnotations?, hidden: [FileChange],
                               hiddenFiles: FileAnnotations?, plan: AnnotationPlan) -> ViewedProgress {
        let tree = view.changeTree
        let listed = view.listedEntries.filter { entry in plan.includesGenerated || !(files?.isLeftOut(entry) ?? false) }
        var progress = ViewedProgress(viewed: listed.count { tree.change(ofEntry: $0).viewState == .viewed },
                                      files: listed.count)
        guard !hidden.isEmpty else { return progress }
        let searched = view.searchMode == .hide ? view.query : nil
        let kept = searched.map { query in
            counted(TreeView(changeTree: ChangeTree(changes: hidden), query: query).listedEntries, hiddenFiles, plan: plan)
        } ?? counted(hidden.indices, hiddenFiles, plan: plan)
        progress.viewed += kept
        progress.files += kept
        return progress
    }
}
