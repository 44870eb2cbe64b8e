import GitRules

/// The `plain` format: one path per line, in the report's order.
///
/// Paths that could be misread (controls, `"`, `\`, invalid UTF-8) are written in git's
/// C-quoted form (`"a\tb"`, `"caf\303"`). With ``RenderOptions/nulTerminated`` (`-z`) every
/// path is written exactly, followed by NUL, with nothing quoted. With
/// ``RenderOptions/directoryDepth``, the lines are the changed directories
/// (``ChangedDirectories``) instead of the files, written the same way.
public struct PlainRenderer: ReportRenderer, Sendable {
    public init() {}

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        RenderOutput.collect(into: &output) { try render(report, options: options, to: &$0) }
    }

    /// Writes each listed path where it lies (a change's path, or a path list's bytes),
    /// making no `FileChange`; with a directory depth, each changed directory instead.
    public func render(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws {
        if let depth = options.directoryDepth {
            for directory in ChangedDirectories.list(report.view, depth: depth) {
                directory.withUnsafeBufferPointer { append($0, options: options, to: &output.bytes) }
                try output.flushIfFull()
            }
            return
        }
        let entries = report.view.listedEntries
        switch report.view.changeTree.source {
        case .changes(let changes):
            for entry in entries {
                changes[entry].path.bytes.withUnsafeBufferPointer { append($0, options: options, to: &output.bytes) }
                try output.flushIfFull()
            }
        case .paths(let paths):
            try paths.bytes.withUnsafeBufferPointer { bytes in
                for entry in entries {
                    append(UnsafeBufferPointer(rebasing: bytes[paths.ranges[entry]]), options: options, to: &output.bytes)
                    try output.flushIfFull()
                }
            }
        }
    }

    private func append(_ path: UnsafeBufferPointer<UInt8>, options: RenderOptions, to output: inout [UInt8]) {
        if options.nulTerminated {
            output.append(contentsOf: path)
            output.append(0)
        } else {
            CQuoting(highBytes: .keptWhenValidUTF8).append(path, to: &output)
            output.append(UInt8(ascii: "\n"))
        }
    }
}
