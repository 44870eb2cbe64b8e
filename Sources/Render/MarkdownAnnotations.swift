import Annotations
import TreeModel

/// What a report's ``ReportAnnotations`` add to its Markdown rows, as ``MarkdownRowAnnotator``
/// decorations: with `--owners`, a file's code owners after its figures
/// (`` · `@org/team` `@user` ``, or ` · unowned`) and on a directory the owners of the files
/// below it (with ` (some unowned)` when some have none); with `--include-generated`,
/// ` · generated` or ` · vendored` after such a file. Owners are names: code, never markup.
/// Another annotator's decorations follow.
struct MarkdownAnnotations: MarkdownRowAnnotator {
    let annotations: ReportAnnotations
    let inner: (any MarkdownRowAnnotator)?

    func annotate(_ row: VisibleRow, in view: TreeView, into text: inout MarkdownText) {
        if !row.isDirectory && annotations.includesGenerated {
            let kinds = annotations.kinds(ofFile: row.node)
            if kinds.contains(.generated) { text.appendWords(" · generated") }
            if kinds.contains(.vendored) { text.appendWords(" · vendored") }
        }
        if annotations.showsOwners {
            if row.isDirectory, let owners = annotations.owners(ofDirectory: row.node) {
                Self.append(owners.owners, someUnowned: owners.hasUnownedFiles, to: &text)
            } else if !row.isDirectory, let owners = annotations.owners(ofFile: row.node) {
                Self.append(owners, someUnowned: owners.isEmpty, to: &text)
            }
        }
        inner?.annotate(row, in: view, into: &text)
    }

    func rollsUp(_ row: VisibleRow, in view: TreeView) -> Bool {
        inner?.rollsUp(row, in: view) ?? false
    }

    /// `` · `@a` `@b` ``, then ` (some unowned)`; ` · unowned` for none.
    static func append(_ owners: [String], someUnowned: Bool, to text: inout MarkdownText) {
        text.appendWords(" · ")
        for (index, owner) in owners.enumerated() {
            if index > 0 { text.appendWords(" ") }
            text.appendName(Array(owner.utf8))
        }
        if someUnowned { text.appendWords(owners.isEmpty ? "unowned" : " (some unowned)") }
    }
}
