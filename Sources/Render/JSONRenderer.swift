import Background
import TreeModel

/// The `json` format: schema version 1, as the product spec defines it.
///
/// Top-level keys, in order: `schemaVersion`, `comparison`, `summary`, `untrackedNotStaged`
/// (only under `--staged`), `directories` (only with ``RenderOptions/directoryDepth``:
/// ``ChangedDirectories``), `packages` and `packageNotes` (only with `--packages`: ``PackageListing``), `files` (every change, in the report's order), `tree` (the
/// same files nested under their directories, with
/// directory-only chains flattened as the view says) and `groups` (only with `--filters`:
/// ``GroupListing``, last, so that it can still be worked out while the rest is written).
/// Under `--no-stat` (``Report/linesCounted`` false) every `insertions`, `deletions` and
/// `binary` is `null`. Under `--hunks` (``Report/changedLines``) each `files` entry ends
/// with its `hunks` (``JSONWriter/writeHunks(of:in:flushingTo:)``); `tree` nodes carry none.
/// With many files the `tree` is written on a second thread while `files` is written.
public struct JSONRenderer: ReportRenderer, Sendable {
    /// The schema version written as `schemaVersion`.
    public static let schemaVersion = 1

    /// How many bytes of `groups` are written ahead, on another thread, while `files` and
    /// `tree` are written; past them the groups are written in turn.
    static let groupsAheadBudget = 64 << 20

    /// From how many files on the `tree` array is written on another thread while `files`
    /// is written (``JSONWriter/treeAhead(of:pretty:iconResolver:)``).
    let treeAheadFrom: Int

    public init() {
        treeAheadFrom = 4096
    }

    /// A renderer that writes the `tree` ahead from `treeAheadFrom` files on (for tests).
    init(treeAheadFrom: Int) {
        self.treeAheadFrom = treeAheadFrom
    }

    public func render(_ report: Report, options: RenderOptions, into output: inout [UInt8]) {
        RenderOutput.collect(into: &output) { try render(report, options: options, to: &$0) }
    }

    /// Writes the document as it goes: each `files` entry and each `tree` node in turn.
    public func render(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws {
        let pretty = options.prettyJSON
        let groupsAhead = report.hasGroups ? PendingResult {
            JSONWriter.groupsAhead(of: report.groups ?? GroupListing(groups: [], changes: []), pretty: pretty,
                                   budget: Self.groupsAheadBudget)
        } : nil
        let treeAhead = report.view.total.files >= treeAheadFrom ? PendingResult {
            JSONWriter.treeAhead(of: report, pretty: pretty, iconResolver: options.iconResolver)
        } : nil
        var json = JSONWriter(pretty: pretty)
        json.beginObject()
        json.key(literal: "schemaVersion")
        json.int(Self.schemaVersion)
        json.key(literal: "comparison")
        json.writeComparison(report.comparison, filters: report.filters, files: report.view.total.files)
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
        if let packages = report.packages { try json.writePackages(packages, flushingTo: &output) }
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
                                       owners: annotations?.files.owners(ofEntry: entry),
                                       changedSinceReview: report.comparison.sinceReview != nil)
                if let lines = report.changedLines { try json.writeHunks(of: change, in: lines, flushingTo: &output) }
                json.endObject()
                try json.flushIfFull(to: &output)
            }
        }
        json.endArray()
        json.key(literal: "tree")
        if let ahead = treeAhead?.wait() {
            json.beginArray()
            try json.adoptMembers(ahead.chunks, count: ahead.count, flushingTo: &output)
            json.endArray()
        } else {
            try json.writeTree(report, icons: &icons, flushingTo: &output)
        }
        if let groups = report.groups { try json.writeGroups(groups, ahead: groupsAhead?.wait(), flushingTo: &output) }
        json.endObject()
        json.buffer.append(UInt8(ascii: "\n"))
        json.moveBytes(to: &output)
    }
}

extension JSONWriter {
    /// Writes the `tree` array: nested directory and file nodes of the view (always fully
    /// expanded: `--depth` shapes only the terminal tree), from the view's rows
    /// (``TreeView/allRows``), so deep trees cannot exhaust the stack. Hands the document to
    /// `output` as it grows.
    mutating func writeTree(_ report: Report, icons: inout FileIcons, flushingTo output: inout RenderOutput) throws {
        beginArray()
        _ = try writeTreeMembers(report, icons: &icons, flushingTo: &output)
        endArray()
    }

    /// Writes the nodes of the `tree` array (its top-level nodes and all below them) in the
    /// open array; returns how many top-level nodes there are.
    mutating func writeTreeMembers(_ report: Report, icons: inout FileIcons, flushingTo output: inout RenderOutput) throws -> Int {
        let view = report.view
        let changeTree = view.changeTree
        let annotations = report.annotations
        var path: [UInt8] = []
        /// The path length to return to when each open directory is done, outermost first.
        var open: [Int] = []
        var topLevel = 0
        try view.forEachRow(opensEverything: true) { rowView in
            let row = rowView.row
            try flushIfFull(to: &output)
            if row.level == 0 { topLevel += 1 }
            while open.count > row.level { closeDirectory(restoring: open.removeLast(), path: &path) }
            beginObject()
            if !row.isDirectory, let change = changeTree.change(at: row.node) {
                literalField("kind", change.isSubmodule ? "submodule" : "file")
                key(literal: "name")
                lossyText(rowView.node.name)
                let icon = icons.number(ofFile: row.node)
                noteIcon(icon, of: icons.resolutions)
                writeChangeFields(change, linesCounted: report.linesCounted, icon: icon,
                                  kinds: annotations?.kinds(ofFile: row.node) ?? [], owners: annotations?.owners(ofFile: row.node),
                                  changedSinceReview: report.comparison.sinceReview != nil)
                endObject()
                return
            }
            let restore = path.count
            for link in rowView.chain {
                path.append(contentsOf: link.name)
                path.append(UInt8(ascii: "/"))
            }
            literalField("kind", "directory")
            key(literal: "name")
            lossyText(path[restore..<(path.count - 1)])
            pathField("path", "pathBytes", path)
            key(literal: "segments")
            beginArray()
            for link in rowView.chain {
                lossyText(link.name)
            }
            endArray()
            key(literal: "summary")
            writeSummary(rowView.summary, linesCounted: report.linesCounted,
                         leftOut: annotations?.leftOut(below: row.node) ?? LeftOutFiles())
            if let owners = annotations?.owners(ofDirectory: row.node) { writeOwners(owners.owners) }
            key(literal: "children")
            beginArray()
            open.append(restore)
        }
        while let restore = open.popLast() { closeDirectory(restoring: restore, path: &path) }
        return topLevel
    }

    /// Ends the children of the innermost open directory and the directory itself.
    private mutating func closeDirectory(restoring restore: Int, path: inout [UInt8]) {
        path.removeSubrange(restore...)
        endArray()
        endObject()
    }
}
