/// The `plain` format: one path per line, in the report's order.
///
/// Paths that could be misread (controls, `"`, `\`, invalid UTF-8) are written in git's
/// C-quoted form (`"a\tb"`, `"caf\303"`). With ``RenderOptions/nulTerminated`` (`-z`) every
/// path is written exactly, followed by NUL, with nothing quoted.
public struct PlainRenderer: ReportRenderer, Sendable {
    public init() {}

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        for change in report.view.listedChanges {
            if options.nulTerminated {
                output.append(contentsOf: change.path.bytes)
                output.append(0)
            } else {
                GitQuoting.append(change.path.bytes, to: &output)
                output.append(UInt8(ascii: "\n"))
            }
        }
    }
}
