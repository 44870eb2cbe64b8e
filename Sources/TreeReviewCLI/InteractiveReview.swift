import Browser
import Foundation
import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// `treereview -i`: the changes in the full-screen browser, on the terminal (`/dev/tty`, so
/// standard input can carry a change list for `--stdin`).
enum InteractiveReview {
    /// Reads the changes as the printed tree does, then browses them until the user quits.
    static func run(_ options: Options, environment: [String: String], io: IO) throws -> Int32 {
        let terminal: Terminal
        do {
            terminal = try Terminal()
        } catch {
            throw UsageError("--interactive needs a terminal: \(error)")
        }
        AllocatorTuning.keepLargeBlocksInTheHeap()
        let input = try ChangeInput.read(options, environment: environment, io: io)
        let ready = ContinuousClock.now
        var trace = environment["TREEREVIEW_TRACE"] == nil ? nil : [(phase: String, at: Duration)]()
        let settings = try Settings.resolve(options, config: input.config, environment: environment)
        var changes = input.paths?.changes ?? input.changes
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
        let configuration = BrowserConfiguration(
            title: input.label.title, style: BrowserStyle(render: render, linesCounted: input.linesCounted),
            order: settings.sort, flatten: settings.flatten, expansion: options.depth.map { .depth($0) } ?? .expanded,
            diffSource: diffSource(for: input, color: render.color, environment: environment), marks: marks)
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
            try session.run(preview: BrowserPreview(changeTree: tree, configuration: configuration), ready: ready) {
                try Browser(changeTree: tree, configuration: configuration, size: terminal.size)
            }
        } catch let error as TreePathError {
            throw error
        } catch {
            throw UsageError("--interactive: \(error)")
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
    private static func reviewMarks(for input: ChangeInput) -> StoredReviewMarks? {
        guard let marking = input.marking, marking.newObjects.count == input.changes.count else { return nil }
        return StoredReviewMarks(commonGitDirectory: marking.commonGitDirectory, changes: input.changes,
                                 newObjects: marking.newObjects)
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
