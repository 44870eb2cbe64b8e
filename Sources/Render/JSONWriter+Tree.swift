import TreeModel

extension JSONWriter {
    private struct Frame {
        var rows: [ProjectedNode]
        var next = 0
        /// The length of the path prefix to return to once this directory is done.
        var restore: Int
    }

    /// Writes the `tree` array: nested directory and file nodes of the view (always fully
    /// expanded: `--depth` shapes only the terminal tree).
    /// Walks iteratively, so deep trees cannot exhaust the stack.
    mutating func writeTree(_ report: Report, iconResolver: IconResolver) {
        let view = report.view
        let changeTree = view.changeTree
        let nodes = changeTree.tree.nodes
        var path: [UInt8] = []
        var stack = [Frame(rows: view.topLevel, restore: 0)]
        beginArray()
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].rows.count else {
                let done = stack.removeLast()
                path.removeSubrange(done.restore...)
                endArray()
                if !stack.isEmpty { endObject() }
                continue
            }
            let row = stack[top].rows[stack[top].next]
            stack[top].next += 1
            beginObject()
            if let change = changeTree.change(at: row.node) {
                field("kind", "file")
                field("name", String(decoding: nodes[row.node].name, as: UTF8.self))
                writeChangeFields(change, linesCounted: report.linesCounted, icon: iconResolver.resolveFile(named: nodes[row.node].name).name)
                endObject()
                continue
            }
            let restore = path.count
            for node in view.projection.chain(of: row) {
                path.append(contentsOf: nodes[node].name)
                path.append(UInt8(ascii: "/"))
            }
            field("kind", "directory")
            field("name", String(decoding: path[restore..<(path.count - 1)], as: UTF8.self))
            pathField("path", "pathBytes", path)
            key(literal: "segments")
            beginArray()
            for node in view.projection.chain(of: row) {
                string(String(decoding: nodes[node].name, as: UTF8.self))
            }
            endArray()
            key(literal: "summary")
            writeSummary(view.summaries[row.node], linesCounted: report.linesCounted)
            key(literal: "children")
            stack.append(Frame(rows: view.children(of: row.node), restore: restore))
            beginArray()
        }
    }
}
