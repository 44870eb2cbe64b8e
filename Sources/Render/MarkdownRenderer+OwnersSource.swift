import Annotations

extension MarkdownRenderer {
    /// The line before `--group-by owner`'s sections naming where the owners come from:
    /// `` Owners from `docs/CODEOWNERS` of the base side (revision `1a2b3c4d5e6f`). ``;
    /// empty when no file was read (then no section is written either).
    static func ownersSourceLine(_ source: CodeOwnersSource?) -> [UInt8] {
        guard let source, let path = source.path, !source.tooLarge else { return [] }
        var text = MarkdownText()
        text.appendWords("Owners from ")
        text.appendName(Array(path.utf8))
        switch source.side {
        case .base: text.appendWords(" of the base side (")
        case .new: text.appendWords(" of the new side (")
        }
        switch source.place {
        case .revision(let id):
            text.appendWords("revision ")
            text.appendName(Array(id.utf8.prefix(12)))
        case .emptyTree: text.appendWords("the empty tree")
        case .index: text.appendWords("the index")
        case .workingTree: text.appendWords("the working tree")
        }
        text.appendWords(").")
        text.appendMarkup("\n\n")
        return text.bytes
    }
}
