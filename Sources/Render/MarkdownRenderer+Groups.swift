import TreeModel

extension MarkdownRenderer {
    /// ``· 2 of 5 groups changed: `backend`, `docs` `` in the heading.
    static func appendChangedGroups(_ groups: GroupListing, to text: inout MarkdownText) {
        let changed = groups.changedGroups
        text.appendWords(" · ")
        text.appendNumber(changed.count)
        text.appendWords(" of ")
        text.appendNumber(groups.groups.count)
        text.appendWords(groups.groups.count == 1 ? " group changed" : " groups changed")
        for (number, group) in changed.enumerated() {
            text.appendWords(number == 0 ? ": " : ", ")
            appendCapped(Array(group.name.utf8), to: &text)
        }
    }

    /// `--group-by group`: after the totals, a section per changed group (its name as code,
    /// its file count, its files by path), a file in two groups in both, then the files in
    /// no group; within `room` bytes.
    func appendGroupSections(_ report: Report, _ groups: GroupListing, links: LinkTemplate?, room: Int,
                             to text: inout MarkdownText) {
        let entries = report.view.listedEntries
        var sections: [(heading: MarkdownText, entries: [Int])] = groups.changedGroups.map { group in
            var heading = MarkdownText()
            heading.appendName(Array(group.name.utf8))
            return (heading, group.files.map { entries[$0] })
        }
        let ungrouped = groups.ungroupedFiles
        if !ungrouped.isEmpty {
            var heading = MarkdownText()
            heading.appendWords("no group")
            sections.append((heading, ungrouped.map { entries[$0] }))
        }
        appendSections(sections, report: report, links: links, room: room, to: &text)
    }
}
