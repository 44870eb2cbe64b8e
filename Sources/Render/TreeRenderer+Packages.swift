import Packages
import TreeModel

extension TreeRenderer {
    /// `--packages` in the tree format. Without groups: the rows, then a line
    /// `packages · 2 changed, 3 affected` and a line per package (its path, name and kinds,
    /// its file count or why it is affected). With `--group-by package`: each changed package's
    /// line followed by the rows of its files (generated files not folded), then the affected ones.
    func renderPackages(_ report: Report, _ packages: PackageListing, options: RenderOptions,
                        to output: inout RenderOutput) throws {
        let entries = packages.selection.entries
        let separator = String(decoding: Glyphs(options.charset).separator, as: UTF8.self)
        let changed = entries.prefix { $0.reason == nil }
        if packages.groups.isEmpty {
            try renderRows(report, options: options, to: &output)
            var line = "\npackages\(separator)\(changed.count) changed"
            if packages.affected { line += ", \(entries.count - changed.count) affected" }
            output.bytes.append(contentsOf: (line + "\n").utf8)
            for entry in entries {
                output.bytes.append(contentsOf: "  ".utf8)
                Self.appendPackageLine(entry, packages, separator: separator, to: &output.bytes)
                try output.flushIfFull()
            }
            return
        }
        for (number, entry) in changed.enumerated() {
            Self.appendPackageLine(entry, packages, separator: separator, to: &output.bytes)
            var group = report
            group.view = packages.groups[number]
            group.annotations = nil
            group.packages = nil
            try renderRows(group, options: options, to: &output)
            output.bytes.append(UInt8(ascii: "\n"))
            try output.flushIfFull()
        }
        if packages.affected {
            output.bytes.append(contentsOf: "affected\(separator)\(entries.count - changed.count)\n".utf8)
            for entry in entries.dropFirst(changed.count) {
                output.bytes.append(contentsOf: "  ".utf8)
                Self.appendPackageLine(entry, packages, separator: separator, to: &output.bytes)
                try output.flushIfFull()
            }
        }
    }

    /// `packages/core · @acme/core · npm · 2 files`, or `… · depends on packages/core`, names escaped.
    private static func appendPackageLine(_ entry: PackageSelection.Entry, _ packages: PackageListing, separator: String,
                                          to output: inout [UInt8]) {
        let package = packages.package(of: entry)
        _ = TerminalText.append(package.path.isEmpty ? [UInt8(ascii: ".")] : package.path, to: &output)
        _ = TerminalText.append(separator + packages.label(of: package, separator: separator) + separator, to: &output)
        if let reason = entry.reason {
            _ = TerminalText.append(packages.reasonWords(reason), to: &output)
        } else {
            output.append(contentsOf: (entry.files.count == 1 ? "1 file" : "\(entry.files.count) files").utf8)
        }
        output.append(UInt8(ascii: "\n"))
    }
}
