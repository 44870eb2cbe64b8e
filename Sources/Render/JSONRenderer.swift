import TreeModel

/// The `json` format: schema version 1, as the product spec defines it.
///
/// Top-level keys, in order: `schemaVersion`, `comparison`, `summary`, `untrackedNotStaged`
/// (only under `--staged`), `directories` (only with ``RenderOptions/directoryDepth``:
/// ``ChangedDirectories``), `files` (every change, in the report's order) and `tree` (the
/// same files nested under their directories, with
/// directory-only chains flattened as the view says).
/// Under `--no-stat` (``Report/linesCounted`` false) every `insertions`, `deletions` and
/// `binary` is `null`.
public struct JSONRenderer: ReportRenderer, Sendable {
    /// The schema version written as `schemaVersion`.
    public static let schemaVersion = 1

    public init() {}

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        RenderOutput.collect(into: &output) { try render(report, options: options, to: &$0) }
    }

    /// Writes the document as it goes: each `files` entry and each `tree` node in turn.
    public func render(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws {
        var json = JSONWriter(pretty: options.prettyJSON)
        json.beginObject()
        json.key(literal: "schemaVersion")
        json.int(Self.schemaVersion)
        json.key(literal: "comparison")
        json.writeComparison(report.comparison)
        json.key(literal: "summary")
        let annotations = report.annotations
        json.writeSummary(report.view.total, linesCounted: report.linesCounted,
                          leftOut: annotations?.leftOut(below: FileTree.root) ?? LeftOutFiles())
        if let untracked = report.untrackedLeftOut {
            json.field("untrackedNotStaged", untracked)
        }
        if let depth = options.directoryDepth {
            json.key(literal: "directories")
            json.writeDirectories(ChangedDirectories.list(report.view, depth: depth))
        }
        json.key(literal: "files")
        json.beginArray()
        let changeTree = report.view.changeTree
        var icons = FileIcons(changeTree: changeTree, resolver: options.iconResolver)
        try changeTree.withNodes { nodes in
            for entry in report.view.listedEntries {
                json.beginObject()
                let change = changeTree.change(ofEntry: entry)
                if change.isSubmodule { json.literalField("kind", "submodule") }
                let icon = icons.number(ofFile: nodes.fileNode(ofEntry: entry))
                json.noteIcon(icon, of: icons.resolutions)
                json.writeChangeFields(change, linesCounted: report.linesCounted, icon: icon,
                                       kinds: annotations?.files.kinds(ofEntry: entry) ?? [],
                                       owners: annotations?.files.owners(ofEntry: entry))
                json.endObject()
                try json.flushIfFull(to: &output)
            }
        }
        json.endArray()
        json.key(literal: "tree")
        try json.writeTree(report, icons: &icons, flushingTo: &output)
        json.endObject()
        json.buffer.append(UInt8(ascii: "\n"))
        json.moveBytes(to: &output)
    }
}
