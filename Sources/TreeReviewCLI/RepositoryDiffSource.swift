import Browser
import GitAdapter
import Render
import TerminalUI
import TreeModel

/// The diff pane's text for a repository comparison: each file's patch as `git diff` prints
/// it (`Repository.patch(for:in:config:)`), colored with the repository's `color.diff.*` or
/// passed through `interactive.diffFilter` (`DiffPaneContent`), laid out for the pane's
/// width (long lines wrap). The last file's content is kept for a new width.
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

    func lines(for change: FileChange, width: Int) throws -> [Line] {
        let content: DiffPaneContent
        if let last, last.change == change {
            content = last.content
        } else {
            content = try self.content(of: change)
            last = (change, content)
        }
        return content.lines(width: width).rows.map { Line(bytes: $0.bytes, width: $0.width) }
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
