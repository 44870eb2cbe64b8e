import TreeModel

extension TreeRenderer {
    /// ` · 2 of 5 groups changed: backend, docs` after the header's notes, names escaped.
    static func appendChangedGroups(_ groups: GroupListing, glyphs: Glyphs, to output: inout [UInt8]) {
        let changed = groups.changedGroups
        output.append(contentsOf: glyphs.separator)
        output.append(decimal: changed.count)
        output.append(" of ")
        output.append(decimal: groups.groups.count)
        output.append(groups.groups.count == 1 ? " group changed" : " groups changed")
        for (number, group) in changed.enumerated() {
            output.append(number == 0 ? ": " : ", ")
            TerminalText.append(group.name, to: &output)
        }
    }

    /// `--group-by group` in the tree format: each changed group's line (`backend · 3 files`)
    /// followed by the rows of its files, then `no group · 2 files` and the rest.
    func renderGroups(_ report: Report, _ groups: GroupListing, options: RenderOptions,
                      to output: inout RenderOutput) throws {
        let separator = Glyphs(options.charset).separator
        for (number, section) in groups.sections.enumerated() {
            if number > 0 { output.bytes.append(UInt8(ascii: "\n")) }
            if let name = section.name {
                TerminalText.append(name, to: &output.bytes)
            } else {
                output.bytes.append(contentsOf: "no group".utf8)
            }
            output.bytes.append(contentsOf: separator)
            let files = section.view.total.files
            output.bytes.append(contentsOf: (files == 1 ? "1 file" : "\(files) files").utf8)
            output.bytes.append(UInt8(ascii: "\n"))
            var part = report
            part.view = section.view
            part.annotations = nil
            part.groups = nil
            try renderRows(part, options: options, to: &output)
            try output.flushIfFull()
        }
    }
}
