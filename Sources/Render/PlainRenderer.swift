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
        if let depth = options.directoryDepth {
            for directory in ChangedDirectories.list(report.view, depth: depth) {
                append(directory, options: options, to: &output)
            }
            return
        }
        for change in report.view.listedChanges {
            append(change.path.bytes, options: options, to: &output)
        }
    }

    private func append(_ path: [UInt8], options: RenderOptions, to output: inout [UInt8]) {
        if options.nulTerminated {
            output.append(contentsOf: path)
            output.append(0)
        } else {
            GitQuoting.append(path, to: &output)
            output.append(UInt8(ascii: "\n"))
        }
    }
}
