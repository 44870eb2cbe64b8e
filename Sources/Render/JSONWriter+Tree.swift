import TreeModel

extension JSONWriter {
    /// Writes the `tree` array: nested directory and file nodes of the view (always fully
    /// expanded: `--depth` shapes only the terminal tree), from the view's rows
    /// (``TreeView/allRows``), so deep trees cannot exhaust the stack. Hands the document to
    /// `output` as it grows.
    mutating func writeTree(_ report: Report, icons: inout FileIcons, flushingTo output: inout RenderOutput) throws {
        let view = report.view
        let changeTree = view.changeTree
        let annotations = report.annotations
        var path: [UInt8] = []
        /// The path length to return to when each open directory is done, outermost first.
        var open: [Int] = []
        beginArray()
        try view.forEachRow(opensEverything: true) { rowView in
            let row = rowView.row
            try flushIfFull(to: &output)
            while open.count > row.level { closeDirectory(restoring: open.removeLast(), path: &path) }
            beginObject()
            if !row.isDirectory, let change = changeTree.change(at: row.node) {
                literalField("kind", change.isSubmodule ? "submodule" : "file")
                key(literal: "name")
                lossyText(rowView.node.name)
                let icon = icons.number(ofFile: row.node)
                noteIcon(icon, of: icons.resolutions)
                writeChangeFields(change, linesCounted: report.linesCounted, icon: icon,
                                  kinds: annotations?.kinds(ofFile: row.node) ?? [], owners: annotations?.owners(ofFile: row.node))
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
        endArray()
    }

    /// Ends the children of the innermost open directory and the directory itself.
    private mutating func closeDirectory(restoring restore: Int, path: inout [UInt8]) {
        path.removeSubrange(restore...)
        endArray()
        endObject()
    }
}
