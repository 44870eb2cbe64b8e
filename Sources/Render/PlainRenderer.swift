import GitRules
import TreeModel

/// The `plain` format: one path per line, in the report's order.
///
/// Paths that could be misread (controls, `"`, `\`, invalid UTF-8) are written in git's
/// C-quoted form (`"a\tb"`, `"caf\303"`). With ``RenderOptions/nulTerminated`` (`-z`) every
/// path is written exactly, followed by NUL, with nothing quoted. With
/// ``RenderOptions/directoryDepth``, the lines are the changed directories
/// (``ChangedDirectories``) instead of the files, written the same way; with
/// ``Report/packages``, the changed (and affected) package roots, `.` for the top.
public struct PlainRenderer: ReportRenderer, Sendable {
    public init() {}

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        RenderOutput.collect(into: &output) { try render(report, options: options, to: &$0) }
    }

    /// Writes each listed path where it lies (a change's path, or a path list's bytes),
    /// making no `FileChange`; with a directory depth, each changed directory instead.
    public func render(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws {
        if let packages = report.packages {
            for path in packages.listedPaths {
                (path.isEmpty ? [UInt8(ascii: ".")] : path).withUnsafeBufferPointer { append($0, options: options, to: &output.bytes) }
                try output.flushIfFull()
            }
            return
        }
        if let depth = options.directoryDepth {
            for directory in ChangedDirectories.list(report.view, depth: depth) {
                directory.withUnsafeBufferPointer { append($0, options: options, to: &output.bytes) }
                try output.flushIfFull()
            }
            return
        }
        try report.view.changeTree.forEachPath(ofEntries: report.view.listedEntries) { path in
            append(path, options: options, to: &output.bytes)
            try output.flushIfFull()
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

/// The changed directories of a view, as `--directories=<depth>` lists them (and as
/// tj-actions/changed-files' `dir_names` output does): each listed file's directory cut to
/// its first `depth` pieces, `.` for a file at the top level, each once, sorted by bytes.
enum ChangedDirectories {
    /// The directories of the files `view` lists, cut to `depth` pieces (1 or more).
    public static func list(_ view: TreeView, depth: Int) -> [[UInt8]] {
        precondition(depth > 0, "a directory depth is 1 or more")
        var directories: [ArraySlice<UInt8>] = []
        let changes = view.listedChanges
        directories.reserveCapacity(changes.count)
        for change in changes {
            directories.append(directory(of: change.path.bytes, depth: depth))
        }
        directories.sort { $0.lexicographicallyPrecedes($1) }
        var unique: [[UInt8]] = []
        for directory in directories where unique.last.map({ !$0.elementsEqual(directory) }) ?? true {
            unique.append(Array(directory))
        }
        return unique
    }

    /// The first `depth` pieces of the directory of `path`, or `.` when it has none.
    static func directory(of path: [UInt8], depth: Int) -> ArraySlice<UInt8> {
        var slashes = 0
        var end = 0
        for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
            end = index
            slashes += 1
            if slashes == depth { break }
        }
        return slashes == 0 ? dot : path[..<end]
    }

    private static let dot: ArraySlice<UInt8> = [UInt8(ascii: ".")]
}
