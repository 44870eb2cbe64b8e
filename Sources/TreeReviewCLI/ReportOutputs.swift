import Render
import TreeModel

/// Where a run's report goes: standard output in the settings' format (through the pager),
/// and each `--write` file in its own format, all rendered from the one report, each as a
/// run with that `--format` alone would write it to a file.
struct ReportOutputs {
    let options: Options
    let settings: Settings
    let environment: [String: String]
    let io: IO

    /// `--link-template` with the comparison's commits for `{commit}`, which needs a revision
    /// on the new side: refused for the index, the working tree and a change list.
    static func links(_ options: Options, label: ComparisonLabel) throws -> LinkTemplate? {
        guard var links = options.linkTemplate else { return nil }
        if links.usesCommit && label.new == nil {
            let side = switch label.kind {
            case .staged: "the index"
            case .stdin: "a change list from standard input"
            default: "the working tree"
            }
            throw UsageError("--link-template's {commit} needs a revision on the new side, and the new side here is \(side)")
        }
        links.newCommit = label.new
        links.oldCommit = label.old
        return links
    }

    /// Writes `report`: the `--write` files first, each opened before anything is written
    /// (a name that cannot be written stops the run with nothing on standard output), then
    /// standard output.
    func write(_ report: Report, links: LinkTemplate?, corePager: String?) throws {
        let resolver = IconResolver(catalog: IconCatalog(set: .complete, extras: true), overrides: settings.iconOverrides)
        let directory = options.startingDirectory(io: io)
        let files = try options.writes.map { try $0.open(from: directory) }
        for file in files {
            var output = RenderOutput(write: file.write)
            let format = file.file.format
            try Self.renderer(for: format).render(self.report(report, for: format),
                                                  options: renderOptions(toTerminal: false, links: links, resolver: resolver),
                                                  to: &output)
            try output.flush()
            try file.close()
        }
        let format = settings.format
        let renderOptions = renderOptions(toTerminal: io.outputIsTerminal, links: links, resolver: resolver)
        try Pager.write(request: settings.paging, corePager: corePager, environment: environment, io: io) { sink in
            var output = RenderOutput(write: sink.write)
            try Self.renderer(for: format).render(self.report(report, for: format), options: renderOptions, to: &output)
            try output.flush()
        }
    }

    /// How the report is drawn, on a terminal (colors as the settings and the environment
    /// say, its width, pretty JSON) or not.
    func renderOptions(toTerminal: Bool, links: LinkTemplate?, resolver: IconResolver) -> RenderOptions {
        RenderOptions(
            color: ColorDecision.useColor(settings.color, environment: environment, isTerminal: toTerminal),
            nulTerminated: options.nulTerminated,
            charset: settings.charset,
            width: toTerminal ? (environment["COLUMNS"].flatMap { Int($0) } ?? io.terminalWidth) : nil,
            icons: settings.icons.drawing,
            iconResolver: resolver,
            prettyJSON: toTerminal,
            markdownMaxBytes: options.maxBytes ?? MarkdownRenderer.defaultMaxBytes,
            directoryDepth: options.directoryDepth,
            markdownGroupsByOwner: options.groupByOwner,
            markdownTitle: options.title,
            markdownLinks: links)
    }

    /// `report` as a run writing `format` alone makes it: without the CODEOWNERS file's
    /// source when that run would not have read owners (another format written did).
    func report(_ report: Report, for format: OutputFormat) -> Report {
        guard !AnnotationPlan.readsOwners(options, format: format) else { return report }
        var report = report
        report.comparison.codeOwners = nil
        return report
    }

    static func renderer(for format: OutputFormat) -> any ReportRenderer {
        switch format {
        case .tree: TreeRenderer()
        case .json: JSONRenderer()
        case .markdown: MarkdownRenderer()
        case .plain: PlainRenderer()
        }
    }
}
