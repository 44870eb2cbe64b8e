import TreeModel

extension MarkdownRenderer {
    /// `--group-by owner`: after the totals, one section per code owner, sorted, then
    /// `unowned`: a heading with the owner as code and its file count, then the owner's
    /// counted files by path. A file with several owners is in each of their sections.
    /// Within `room` bytes: when the next item would not fit, the sections stop and a line
    /// says how many items were left out.
    func appendOwnerSections(_ report: Report, annotations: ReportAnnotations, room: Int, to text: inout MarkdownText) {
        let view = report.view
        let changeTree = view.changeTree
        var byOwner: [String: [Int]] = [:]
        var unowned: [Int] = []
        changeTree.withNodes { nodes in
            for entry in view.listedEntries where !annotations.isLeftOut(file: nodes.fileNode(ofEntry: entry)) {
                let owners = annotations.files.owners(ofEntry: entry) ?? []
                if owners.isEmpty { unowned.append(entry) }
                for owner in owners { byOwner[owner, default: []].append(entry) }
            }
        }
        var sections: [(owner: String?, entries: [Int])] = byOwner.keys.sorted().map { ($0, byOwner[$0]!) }
        if !unowned.isEmpty { sections.append((nil, unowned)) }
        let total = sections.reduce(0) { $0 + $1.entries.count }
        let end = text.bytes.count + room - Self.note(leftOut: total).count
        var writer = MarkdownRowWriter(view: view, linesCounted: report.linesCounted, annotator: nil)
        var written = 0, full = false
        var section = MarkdownText()
        for (owner, entries) in sections {
            section.bytes.removeAll(keepingCapacity: true)
            section.appendMarkup("#### ")
            if let owner { section.appendName(Array(owner.utf8)) } else { section.appendWords("unowned") }
            section.appendWords(" · ")
            section.appendNumber(entries.count)
            section.appendWords(entries.count == 1 ? " file" : " files")
            section.appendMarkup("\n\n")
            let itemsStart = section.bytes.count
            for entry in entries {
                let before = section.bytes.count
                writer.appendPathItem(changeTree.change(ofEntry: entry), to: &section)
                if text.bytes.count + section.bytes.count + 1 > end {
                    section.bytes.removeSubrange(before...)
                    full = true
                    break
                }
                written += 1
            }
            guard section.bytes.count > itemsStart else { break }
            text.bytes.append(contentsOf: section.bytes)
            text.appendMarkup("\n")
            if full { break }
        }
        if written < total {
            text.bytes.append(contentsOf: Self.note(leftOut: total - written))
        }
    }

    /// `12 more items not shown, to fit the limit (`--max-bytes`).`
    static func note(leftOut count: Int) -> [UInt8] {
        var text = MarkdownText()
        text.appendGroupedNumber(count)
        text.appendWords(count == 1 ? " more item not shown" : " more items not shown")
        text.appendMarkup(", to fit the limit (`--max-bytes`).\n\n")
        return text.bytes
    }
}
