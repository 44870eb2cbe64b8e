import Foundation
import GitAdapter
import Render
import TreeModel

/// The treereview command.
public enum TreeReview {
    /// The version `--version` prints.
    public static let version = "0.1.0"

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
            let (report, warnings) = try makeReport(options, environment: environment, io: io)
            var output: [UInt8] = []
            output.reserveCapacity(report.tree.changes.count * 96)
            let renderOptions = RenderOptions(
                color: ColorDecision.useColor(options.color, environment: environment, isTerminal: io.outputIsTerminal),
                flatten: options.flatten,
                nulTerminated: options.nulTerminated)
            renderer(for: options.effectiveFormat).render(report, options: renderOptions, into: &output)
            try io.standardOutput.write(output)
            for warning in warnings {
                try? io.standardError.write(Array((warning + "\n").utf8))
            }
            return options.exitCode && !report.tree.changes.isEmpty ? 1 : 0
        } catch is BrokenPipe {
            return 0
        } catch let error as UsageError {
            report(error.message, io: io)
            return 2
        } catch let error as AdapterError {
            report(error.description, io: io)
            return 2
        } catch {
            report("\(error)", io: io)
            return 2
        }
    }

    private static func makeReport(_ options: Options, environment: [String: String], io: IO) throws -> (Report, [String]) {
        let directory = options.directory.map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: io.currentDirectory).appendingPathComponent($0).path
        } ?? io.currentDirectory
        let repository = try Repository.open(at: directory, environment: environment)
        let changeSet = try repository.changes(for: options.request)
        let label = ComparisonLabel(mode: changeSet.mode, spec: changeSet.spec, old: changeSet.oldID,
                                    new: changeSet.newID, title: title(of: changeSet))
        let report = Report(comparison: label, tree: ChangeTree(changes: changeSet.changes),
                            linesCounted: options.countLines)
        return (report, changeSet.warnings)
    }

    private static func title(of changeSet: ChangeSet) -> String {
        switch changeSet.mode {
        case "staged": "\(changeSet.spec) → index"
        case "worktree": "\(changeSet.spec) → working tree"
        default: changeSet.spec
        }
    }

    private static func renderer(for format: OutputFormat) -> any ReportRenderer {
        switch format {
        case .tree: TreeRenderer()
        case .json: JSONRenderer()
        case .plain: PlainRenderer()
        }
    }

    private static func report(_ message: String, io: IO) {
        let line = "treereview: " + message.replacingOccurrences(of: "\n", with: " ") + "\n"
        try? io.standardError.write(Array(line.utf8))
    }
}
