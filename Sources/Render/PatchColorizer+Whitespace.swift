import TreeModel

extension PatchColorizer {
    /// The body of a line with its whitespace errors in the `whitespace` color and the rest in
    /// `set` (git's `ws_check_emit`): a space before a tab in the indent, a tab in the indent,
    /// an indent of spaces a tab wide or more, and blanks at the end of the line. A tab that is
    /// not an error is written uncolored, as git writes it.
    func whitespaceChecked(_ body: Range<Int>, set: [UInt8], into pieces: inout Pieces) {
        let bytes = patch.bytes
        let rule = patch.whitespace
        let ws = colors.whitespace
        let reset = colors.reset
        var end = body.upperBound
        var carriageReturn: Range<Int>?
        if rule.errors.contains(.carriageReturnAtEndOfLine) && end > body.lowerBound && bytes[end - 1] == 0x0D {
            carriageReturn = (end - 1)..<end
            end -= 1
        }
        var trailing = end
        if rule.errors.contains(.blankAtEndOfLine) {
            while trailing > body.lowerBound && Self.isSpace(bytes[trailing - 1]) { trailing -= 1 }
        }
        var written = body.lowerBound
        var index = body.lowerBound
        while index < trailing {
            if bytes[index] == 0x20 {
                index += 1
                continue
            }
            if bytes[index] != 0x09 { break }
            if rule.errors.contains(.spaceBeforeTab) && written < index {
                pieces.style(ws, text: written..<index, reset: reset)
                pieces.text(index..<(index + 1))
            } else if rule.errors.contains(.tabInIndent) {
                pieces.text(written..<index)
                pieces.style(ws, text: index..<(index + 1), reset: reset)
            } else {
                pieces.text(written..<(index + 1))
            }
            written = index + 1
            index += 1
        }
        if rule.errors.contains(.indentWithNonTab) && index - written >= rule.tabWidth {
            pieces.style(ws, text: written..<index, reset: reset)
            written = index
        }
        if trailing > written { pieces.style(set, text: written..<trailing, reset: reset) }
        if trailing != end { pieces.style(ws, text: trailing..<end, reset: reset) }
        if let carriageReturn { pieces.text(carriageReturn) }
    }

    /// git's `isspace`: space, tab, LF, CR.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
