import TreeModel

/// The `json` format: schema version 1, as the product spec defines it.
///
/// Top-level keys, in order: `schemaVersion`, `comparison`, `summary`, `directories` (only
/// with ``RenderOptions/directoryDepth``: ``ChangedDirectories``), `files` (every change, in
/// the report's order) and `tree` (the same files nested under their directories, with
/// directory-only chains flattened as the view says).
/// Under `--no-stat` (``Report/linesCounted`` false) every `insertions`, `deletions` and
/// `binary` is `null`.
public struct JSONRenderer: ReportRenderer, Sendable {
    /// The schema version written as `schemaVersion`.
    public static let schemaVersion = 1

    public init() {}

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        var json = JSONWriter(pretty: options.prettyJSON)
        swap(&json.bytes, &output)
        json.bytes.reserveCapacity(json.bytes.count + 1024 + report.view.listedCount * 700)
        json.beginObject()
        json.key(literal: "schemaVersion")
        json.int(Self.schemaVersion)
        json.key(literal: "comparison")
        json.writeComparison(report.comparison)
        json.key(literal: "summary")
        json.writeSummary(report.view.total, linesCounted: report.linesCounted)
        if let depth = options.directoryDepth {
            json.key(literal: "directories")
            json.writeDirectories(ChangedDirectories.list(report.view, depth: depth))
        }
        json.key(literal: "files")
        json.beginArray()
        let changeTree = report.view.changeTree
        var icons = FileIcons(changeTree: changeTree, resolver: options.iconResolver)
        for entry in report.view.listedEntries {
            json.beginObject()
            let change = changeTree.change(ofEntry: entry)
            if change.isSubmodule { json.field("kind", "submodule") }
            json.writeChangeFields(change, linesCounted: report.linesCounted,
                                   icon: icons.icon(ofFile: changeTree.tree.nodeOfEntry[entry]).name)
            json.endObject()
        }
        json.endArray()
        json.key(literal: "tree")
        json.writeTree(report, icons: &icons)
        json.endObject()
        json.bytes.append(UInt8(ascii: "\n"))
        swap(&json.bytes, &output)
    }
}
