import Packages
import TreeModel

extension MarkdownRenderer {
    /// `--group-by package`: after the totals, a section per changed package (its path as
    /// code, its name and kinds, its file count, then its files by path), then, with
    /// `--affected`, a list of the affected packages and why; within `room` bytes.
    func appendPackageSections(_ report: Report, _ packages: PackageListing, links: LinkTemplate?, room: Int,
                               to text: inout MarkdownText) {
        let start = text.bytes.count
        let entries = report.view.listedEntries
        let changed = packages.selection.entries.prefix { $0.reason == nil }
        let sections: [(heading: MarkdownText, entries: [Int])] = changed.map { entry in
            (Self.packageHeading(packages.package(of: entry), packages), entry.files.map { entries[$0] })
        }
        guard appendSections(sections, report: report, links: links, room: room, to: &text) else { return }
        let affected = packages.selection.entries.dropFirst(changed.count)
        guard packages.affected, !affected.isEmpty else { return }
        var list = MarkdownText()
        list.appendMarkup("#### affected · ")
        list.appendNumber(affected.count)
        list.appendWords(affected.count == 1 ? " package" : " packages")
        list.appendMarkup("\n\n")
        for entry in affected {
            list.appendMarkup("- ")
            list.bytes.append(contentsOf: Self.packageHeading(packages.package(of: entry), packages).bytes)
            list.appendWords(" · ")
            if let reason = entry.reason { Self.appendReason(reason, packages, to: &list) }
            list.appendMarkup("\n")
        }
        if text.bytes.count - start + list.bytes.count <= room {
            text.bytes.append(contentsOf: list.bytes)
            text.appendMarkup("\n")
        } else {
            text.bytes.append(contentsOf: Self.note(leftOut: affected.count))
        }
    }

    /// `` `packages/ui` · @acme/ui · npm ``: the path as code, the rest as escaped words.
    static func packageHeading(_ package: PackageRoot, _ packages: PackageListing) -> MarkdownText {
        var heading = MarkdownText()
        heading.appendName(package.path.isEmpty ? [UInt8(ascii: ".")] : package.path)
        heading.appendWords(" · ")
        heading.appendName(Array(packages.label(of: package).utf8))
        return heading
    }

    /// `depends on `packages/core` through `packages/ui``, or the `--affects-all` file.
    static func appendReason(_ reason: PackageSelection.Reason, _ packages: PackageListing, to text: inout MarkdownText) {
        let all = packages.selection.graph.packages
        switch reason {
        case .dependsOn(let changed, let chain):
            text.appendWords("depends on ")
            text.appendName(all[changed].path.isEmpty ? [UInt8(ascii: ".")] : all[changed].path)
            let through = chain.dropLast().map { all[$0.dependent] }
            for (number, package) in through.enumerated() {
                text.appendWords(number == 0 ? " through " : ", ")
                text.appendName(package.path)
            }
        case .affectsAll(let file, let pattern):
            text.appendName(file)
            text.appendWords(" changed (")
            text.appendName(Array("--affects-all \(pattern)".utf8))
            text.appendWords(")")
        }
    }
}
