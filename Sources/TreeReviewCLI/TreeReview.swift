import Background
import Foundation
import GitAdapter
import PathFilters
import Render
import TreeModel

/// The treereview command.
public enum TreeReview {
    /// The version `--version` prints.
    public static let version = "0.2.0"

    /// Runs the command with the process's arguments, environment and streams; returns the exit status.
    public static func main() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        return run(arguments: Array(CommandLine.arguments.dropFirst()),
                   environment: ProcessInfo.processInfo.environment,
                   io: .process)
    }

    /// Runs the command: 0 success, 1 changes found with `--exit-code`, 2 any error.
    /// On error, one line on standard error and nothing on standard output.
    public static func run(arguments: [String], environment: [String: String], io: IO) -> Int32 {
        if let status = Subcommand.runIfNamed(arguments, environment: environment, io: io) { return status }
        do {
            let options = try ArgumentParser.parse(arguments)
            if options.showHelp {
                try io.standardOutput.write(Array(HelpText.text.utf8))
                return 0
            }
            if options.showVersion {
                try io.standardOutput.write(Array("treereview \(version)\n".utf8))
                return 0
            }
            if options.interactive {
                return try InteractiveReview.run(options, environment: environment, io: io)
            }
            let input = try ChangeInput.read(options, environment: environment, io: io)
            let settings = try Settings.resolve(options, config: input.config, environment: environment,
                                                standardInputIsTerminal: options.stdin ? nil : io.inputIsTerminal)
            let links = try ReportOutputs.links(options, label: input.label)
            let plan = AnnotationPlan(options: options, formats: [settings.format] + options.writtenFormats)
            let groupPlan = try GroupPlan.read(options, io: io)
            let early = keepsEveryPath(input, options) ? input.paths.flatMap { groupPlan?.startMatching($0.changes) } : nil
            let packageWork = PackagePlan.start(input, options: options, environment: environment, io: io)
            let annotations = try plan.read(input)
            var traceOrigin: Date?
            func trace(_ seconds: Double, _ phase: String) {
                try? io.standardError.write(Array("trace \(String(format: "%.3f", seconds)) s: \(phase)\n".utf8))
            }
            if environment["TREEREVIEW_TRACE"] != nil {
                let last = input.trace.last?.seconds ?? 0
                let marks = input.trace.map { ($0.seconds, $0.phase) } + (annotations?.trace ?? []).map { (last + $0.seconds, $0.phase) }
                marks.forEach(trace)
                traceOrigin = Date(timeIntervalSinceNow: -(marks.last?.0 ?? 0))
            }
            let (madeReport, memberships) = try makeReport(input, annotations: annotations?.files, plan: plan, groups: groupPlan,
                                                           matching: early, options: options, settings: settings)
            var report = madeReport
            report.comparison.codeOwners = annotations?.codeOwnersSource
            if let traceOrigin, options.listsPackages || groupPlan != nil { trace(-traceOrigin.timeIntervalSinceNow, "report made") }
            let packages = try PackagePlan.listing(for: report, groundwork: packageWork, options: options, settings: settings)
            report.packages = packages?.listing
            if let traceOrigin, let packages { trace(-traceOrigin.timeIntervalSinceNow, "packages \(packages.listing.selection.entries.count)") }
            if let groupPlan, let memberships {
                let listed = report
                report.setGroups(PendingResult {
                    groupPlan.listing(for: listed, memberships: memberships.wait(), settings: settings, options: options)
                })
            }
            if let traceOrigin { trace(-traceOrigin.timeIntervalSinceNow, "tree built") }
            try ReportOutputs(options: options, settings: settings, environment: environment, io: io)
                .write(report, links: links, corePager: input.corePager)
            if let traceOrigin { trace(-traceOrigin.timeIntervalSinceNow, "written") }
            for warning in input.warnings + plan.warnings(annotations) + (packages?.warnings ?? []) {
                try? io.standardError.write(Array((warning + "\n").utf8))
            }
            input.comparison?.changeSet.pendingSave?.wait()
            let status: Int32 = options.exitCode && report.view.listedCount > 0 ? 1 : 0
            if io.endsProcessWhenDone { withExtendedLifetime((input, report, annotations)) { exit(status) } }
            return status
        } catch is BrokenPipe {
            return 0
        } catch let error as UsageError {
            report(error.message, io: io)
            return 2
        } catch let error as AdapterError {
            report(message(for: error), io: io)
            return 2
        } catch {
            report("\(error)", io: io)
            return 2
        }
    }

    /// Whether the report keeps every path of `input`'s change tree, so that its groups can be
    /// matched from the moment the changes are known.
    private static func keepsEveryPath(_ input: ChangeInput, _ options: Options) -> Bool {
        input.paths != nil && options.statusFilter == nil && !options.hidesViewed && options.groups.isEmpty
    }

    /// The report and its groups' memberships (`matching`, when they were started already).
    private static func makeReport(_ input: ChangeInput, annotations: FileAnnotations?, plan: AnnotationPlan,
                                   groups: GroupPlan?, matching: PendingResult<GroupMemberships>?,
                                   options: Options, settings: Settings) throws -> (Report, PendingResult<GroupMemberships>?) {
        let tree: ChangeTree
        var files = annotations
        var marksInUse = false
        var hidden: (changes: [FileChange], files: FileAnnotations?) = ([], nil)
        let filters: ActiveFilters
        var memberships: PendingResult<GroupMemberships>?
        if let paths = input.paths, keepsEveryPath(input, options) {
            memberships = matching ?? groups?.startMatching(paths.changes)
            tree = ChangeTree(paths: paths, order: settings.sort)
            filters = ReportFilters.active(options, plan: plan, changeCount: paths.count, files: files)
        } else {
            var all = input.paths?.changes ?? input.changes
            filters = ReportFilters.active(options, plan: plan, changeCount: all.count, files: files,
                                           sinceReview: input.label.sinceReview)
            (all, files) = input.sinceReviewSelection(all, files)
            let kept = plan.filter(all, files, status: options.statusFilter)
            var changes = kept.changes
            files = kept.files
            var rows: GroupMemberships?
            if let groups, !groups.kept.isEmpty {
                let all = groups.memberships(of: changes)
                let indices = groups.keptIndices(all)
                changes = indices.map { changes[$0] }
                files = files?.selecting(indices)
                rows = all.selecting(indices)
            }
            marksInUse = options.hidesViewed || changes.contains(where: { $0.viewState != .notViewed })
            if options.hidesViewed {
                let shown = changes.indices.filter { changes[$0].viewState != .viewed }
                let viewed = changes.indices.filter { changes[$0].viewState == .viewed }
                hidden = (viewed.map { changes[$0] }, files?.selecting(viewed))
                changes = shown.map { changes[$0] }
                files = files?.selecting(shown)
                rows = rows?.selecting(shown)
            }
            if let rows {
                memberships = PendingResult(value: rows)
            } else {
                memberships = groups?.startMatching(changes)
            }
            tree = ChangeTree(changes: changes, order: settings.sort)
        }
        if input.isBarePaths, let clash = tree.tree.fileAndDirectoryClash() {
            throw UsageError("stdin: " + TreePathError.fileAndDirectory(RawPath(bytes: clash)).description)
        }
        let view = TreeView(changeTree: tree, flatten: settings.flatten, depth: options.depth,
                            query: ReportFilters.searchQuery(options), searchMode: options.searchMode ?? .hide,
                            counts: plan.includesGenerated ? nil : files?.countedFiles(in: tree.tree))
        let viewedProgress = marksInUse ? ReportFilters.viewedProgress(view, files: files, hidden: hidden.changes,
                                                                       hiddenFiles: hidden.files, plan: plan) : nil
        var report = Report(comparison: input.label, view: view, linesCounted: input.linesCounted,
                            untrackedLeftOut: input.untrackedLeftOut, viewedProgress: viewedProgress,
                            annotations: plan.reportAnnotations(files, view: view), filters: filters)
        report.changedLines = input.comparison?.changeSet.changedLines
        return (report, memberships)
    }

    /// The line for an adapter error, naming the flag where the adapter names the comparison.
    private static func message(for error: AdapterError) -> String {
        switch error {
        case .indexWithRevisions(let revisions):
            "--staged compares one revision with the index, not '\(revisions)'"
        default:
            error.description
        }
    }

    /// One line on standard error, with anything that could drive a terminal spelled out.
    private static func report(_ message: String, io: IO) {
        let line = "treereview: " + TerminalText.escaped(message) + "\n"
        try? io.standardError.write(Array(line.utf8))
    }
}
