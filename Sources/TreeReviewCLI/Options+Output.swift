import Foundation

extension Options {
    /// The directory treereview runs in: `-C`'s (relative to the current directory), else the
    /// current directory. Relative file names given to options (`--filters`, `--write`) start here.
    func startingDirectory(io: IO) -> String {
        directory.map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: io.currentDirectory).appendingPathComponent($0).path
        } ?? io.currentDirectory
    }

    /// The formats the `--write` files are written in, in order.
    var writtenFormats: [OutputFormat] { writes.map(\.format) }

    /// Whether the run writes a format that takes an option of the `accepted` formats:
    /// standard output's `format` (`nil`: not decided yet, so not refused) or a `--write`
    /// file's. An option of one format applies to that format only: `--format json --write
    /// markdown=summary.md --max-bytes 65536` limits the Markdown file.
    func writesAny(of accepted: [OutputFormat], format: OutputFormat?) -> Bool {
        guard let format else { return true }
        return accepted.contains(format) || writtenFormats.contains(where: accepted.contains)
    }

    /// The error refusing an option no format written takes: `message`, then, when some
    /// `--write` is given, that none writes `accepted` either.
    func refusal(_ message: String, accepted: String) -> UsageError {
        UsageError(writes.isEmpty ? message : message + "; no --write writes \(accepted) either")
    }
}
