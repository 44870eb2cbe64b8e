import Browser
import Foundation
import GitAdapter
import Render
import TerminalUI
import TreeBrowser
import TreeModel
internal import CSystem

/// `treereview -i`: the changes in the full-screen browser, on the terminal (`/dev/tty`, so
/// standard input can carry a change list for `--stdin`).
enum InteractiveReview {
    /// Reads the changes as the printed tree does, then browses them until the user quits.
    static func run(_ options: Options, environment: [String: String], io: IO) throws -> Int32 {
        let started = ContinuousClock.now
        let terminal: Terminal
        do {
            terminal = try Terminal()
        } catch {
            throw UsageError("--interactive needs a terminal: \(error)")
        }
        AllocatorTuning.keepLargeBlocksInTheHeap()
        let input = try ChangeInput.read(options, environment: environment, io: io, countsLater: true)
        let pendingCounts = input.comparison?.changeSet.pendingCounts
        defer { pendingCounts?.finishSaving() }
        let ready = ContinuousClock.now
        var trace = environment["TREEREVIEW_TRACE"] == nil ? nil : [(phase: String, at: Duration)]()
        let settings = try Settings.resolve(options, config: input.config, environment: environment)
        var changes = input.paths?.changes ?? input.changes
        let filters = ActiveFilters(options.statusFilter.map { [.status(kept: $0.kept, dropped: $0.dropped)] } ?? [],
                                    comparisonFiles: changes.count)
        for index in input.changedSinceReview ?? [] { changes[index].changedSinceReview = true }
        let sinceReview = sinceReviewSupply(for: input, changes: changes)
        if let filter = options.statusFilter { changes = changes.filter { filter.includes($0.status) } }
        let tree = ChangeTree(changes: changes, order: settings.sort)
        trace?.append(("tree built", ready.duration(to: .now)))
        if input.isBarePaths, let clash = tree.tree.fileAndDirectoryClash() {
            throw UsageError("stdin: " + TreePathError.fileAndDirectory(RawPath(bytes: clash)).description)
        }
        let render = RenderOptions(
            color: ColorDecision.useColor(settings.color, environment: environment, isTerminal: true),
            charset: settings.charset, icons: settings.icons.drawing,
            iconResolver: IconResolver(catalog: IconCatalog(set: .complete, extras: true), overrides: settings.iconOverrides))
        trace?.append(("styled", ready.duration(to: .now)))
        let marks = reviewMarks(for: input)
        trace?.append(("marks", ready.duration(to: .now)))
        var configuration = BrowserConfiguration(
            title: input.label.title, style: BrowserStyle(render: render, linesCounted: input.linesCounted),
            order: settings.sort, flatten: settings.flatten, expansion: options.depth.map { .depth($0) } ?? .expanded,
            diffSource: diffSource(for: input, color: render.color, environment: environment), marks: marks,
            filters: filters)
        configuration.hidesViewed = options.hidesViewed
        configuration.sinceReview = sinceReview
        if let pendingCounts, let changeSet = input.comparison?.changeSet {
            configuration.lineCounts = PendingCountsFeed(pendingCounts, changes: changeSet.changes,
                                                         shows: options.statusFilter.map { filter in { filter.includes($0.status) } })
        }
        trace?.append(("configured", ready.duration(to: .now)))
        let session = BrowserSession(
            terminal: terminal,
            pager: { text in page(text, on: terminal, paging: settings.paging, corePager: input.corePager, environment: environment) },
            frameLog: environment["TREEREVIEW_FRAME_LOG"].flatMap(FrameLog.init(path:)),
            feed: input.watching.map { watching in
                LiveChangeFeed(workdir: watching.workdir, gitDirectory: watching.gitDirectory,
                               reader: LiveChangeReader(options: options, environment: environment, io: io, input: input,
                                                        marks: marks))
            })
        defer { marks?.finishWriting() }
        do {
            let preview = options.hidesViewed || input.changedSinceReview != nil
                ? nil : BrowserPreview(changeTree: tree, configuration: configuration)
            try session.run(preview: preview, ready: ready, started: started) {
                try Browser(changeTree: tree, configuration: configuration, size: terminal.size)
            }
        } catch let error as TreePathError {
            throw error
        } catch {
            throw UsageError("--interactive: \(error)")
        }
        pendingCounts?.finishSaving()
        if let failure = pendingCounts?.failure { throw failure }
        if trace != nil {
            for mark in input.trace {
                try? io.standardError.write(Array("trace \(String(format: "%.3f", mark.seconds)) s: \(mark.phase)\n".utf8))
            }
        }
        for (phase, at) in trace ?? [] {
            let milliseconds = Double(at.components.seconds) * 1000 + Double(at.components.attoseconds) / 1e15
            try? io.standardError.write(Array("trace +\(String(format: "%.1f", milliseconds)) ms after the changes: \(phase)\n".utf8))
        }
        for warning in input.warnings {
            try? io.standardError.write(Array((warning + "\n").utf8))
        }
        return 0
    }

    /// Where the diff pane's text comes from: the repository's patches, or for a change list
    /// on stdin (no repository to read them from) a placeholder line.
    private static func diffSource(for input: ChangeInput, color: Bool, environment: [String: String]) -> any DiffSource {
        guard let comparison = input.comparison else { return PlaceholderDiffSource() }
        return RepositoryDiffSource(repository: comparison.repository, changeSet: comparison.changeSet,
                                    config: comparison.config, color: color, environment: environment)
    }

    /// The viewed marks of the repository compared (none for a change list on stdin).
    /// How the browser's `R` knows the files changed since the last review: compared
    /// already under `--since-review` or `--since` (`changes` carry the mark), else compared
    /// on the first `R`, by path.
    private static func sinceReviewSupply(for input: ChangeInput, changes: [FileChange]) -> SinceReviewSupply {
        if let note = input.label.sinceReview { return .compared(note) }
        switch input.sinceReviewOnRequest {
        case .success(let compare)?:
            return .onRequest {
                let found = try compare()
                return (found.note, Set(found.kept.map { changes[$0].path }))
            }
        case .failure(let reason)?:
            return .unavailable(reason.message)
        case nil:
            return .unavailable("R compares two commits, such as main...feature, with your last review; not a change list")
        }
    }

    private static func reviewMarks(for input: ChangeInput) -> StoredReviewMarks? {
        guard let marking = input.marking, marking.newObjects.count == input.changes.count else { return nil }
        return StoredReviewMarks(commonGitDirectory: marking.commonGitDirectory, changes: input.changes,
                                 newObjects: marking.newObjects, oldObjects: marking.oldObjects, comparison: marking.comparison)
    }

    /// Shows `text` in the pager on the terminal (`o`), as the printed tree chooses its
    /// pager, but always paging (the browser's screen comes back after it) and without
    /// `less`'s quit-if-one-screen.
    private static func page(_ text: [UInt8], on terminal: Terminal, paging: Pager.Request, corePager: String?,
                             environment: [String: String]) {
        var environment = environment
        if environment["LESS"] == nil { environment["LESS"] = "R" }
        let request = paging == .off ? .usual : paging
        guard let pager = Pager.choose(request, corePager: corePager, environment: environment, isTerminal: true),
              let process = try? PagerProcess.start(pager, environment: environment, output: terminal.descriptor)
        else { return }
        defer { process.finish() }
        try? process.write(text)
    }
}

/// The allocator as the browser needs it. A filter or `u` on a large tree makes arrays of
/// megabytes (its projection, the rows) and frees the previous ones; glibc gives blocks that
/// large their own mapping and hands them back on free, so every key paid to fault in and
/// zero fresh pages (up to 15 ms on the first filter of 134,000 files). Kept in the heap, the
/// freed blocks serve the next key.
enum AllocatorTuning {
    /// Keeps blocks up to 256 MiB in the heap and does not return its free top to the system
    /// below 1 GiB.
    static func keepLargeBlocksInTheHeap() {
        mallopt(M_MMAP_THRESHOLD, 256 << 20)
        mallopt(M_TRIM_THRESHOLD, 1 << 30)
    }
}

/// The diff pane's text for a repository comparison: each file's patch as `git diff` prints
/// it (`Repository.patch(for:in:config:)`), colored with the repository's `color.diff.*` or
/// passed through `interactive.diffFilter` (`DiffPaneContent`), laid out for the pane's
/// width (long lines wrap), with the new side's id it was made from. The last file's content
/// is kept for a new width; otherwise every call reads the file again.
final class RepositoryDiffSource: DiffSource {
    private let repository: Repository
    private let changeSet: ChangeSet
    private let config: RepositoryConfig
    private let colors: PatchColors?
    private let filter: PatchFilter?
    private var last: (change: FileChange, content: DiffPaneContent)?

    /// How long `interactive.diffFilter` may run for one file, in seconds.
    static let filterTimeout = 10.0

    /// The source for the comparison `changeSet` of `repository`, read with `config`; colored
    /// when `color` (the browser's decision) and the repository's `color.diff` agree.
    init(repository: Repository, changeSet: ChangeSet, config: RepositoryConfig, color: Bool,
         environment: [String: String]) {
        self.repository = repository
        self.changeSet = changeSet
        self.config = config
        colors = color && config.colorsDiffOnTerminal ? PatchColors(configured: config.diffColors) : nil
        filter = config.interactiveDiffFilter.map {
            PatchFilter(command: $0, environment: environment, directory: repository.workdir, timeout: Self.filterTimeout)
        }
    }

    func text(for change: FileChange, width: Int, reusingLast: Bool) throws -> DiffText {
        let content: DiffPaneContent
        if reusingLast, let last, last.change == change {
            content = last.content
        } else {
            content = try self.content(of: change)
            last = (change, content)
        }
        return DiffText(lines: content.lines(width: width).rows.map { Line(bytes: $0.bytes, width: $0.width) },
                        newObject: content.newObject)
    }

    func pagerText(for changes: [FileChange], width: Int) throws -> [UInt8] {
        var text: [UInt8] = []
        for change in changes { text += try content(of: change).pagerText }
        return text
    }

    private func content(of change: FileChange) throws -> DiffPaneContent {
        try DiffPaneContent(patch: repository.patch(for: change, in: changeSet, config: config), colors: colors, filter: filter,
                            change: change)
    }
}
