import TreeModel

/// Which added lines are blank lines at the end of the file, as git's diff decides it for its
/// `blank-at-eof` whitespace error (`check_blank_at_eof`, `new_blank_line_at_eof`): when the
/// new content ends in more blank lines than the old, an added blank line at or after the
/// first of them is one. Line numbers are followed through the hunks as git follows them.
struct BlankLinesAtEnd {
    /// The first trailing blank line of each side, 1-based; 0 when the new side adds none.
    private var firstInOld = 0
    private var firstInNew = 0
    private var lineInOld = 0
    private var lineInNew = 0

    init(rule: PatchText.WhitespaceRule, old: [UInt8], new: [UInt8]) {
        guard rule.errors.contains(.blankAtEndOfFile) else { return }
        let oldBlank = Self.trailingBlankLines(old), newBlank = Self.trailingBlankLines(new)
        guard newBlank > oldBlank else { return }
        firstInOld = Self.lineCount(old) - oldBlank + 1
        firstInNew = Self.lineCount(new) - newBlank + 1
    }

    /// Starts counting at the hunk's first old and new line numbers.
    mutating func startHunk(_ header: [UInt8]) {
        lineInOld = 0
        lineInNew = 0
        guard let minus = header.firstIndex(of: UInt8(ascii: "-")) else { return }
        lineInOld = Self.number(in: header, after: minus)
        guard let plus = header[minus...].firstIndex(of: UInt8(ascii: "+")) else { return }
        lineInNew = Self.number(in: header, after: plus)
    }

    /// Counts an added line; whether it is a blank line at the end of the file.
    mutating func addedLineIsBlankAtEnd(_ body: [UInt8]) -> Bool {
        lineInNew += 1
        guard firstInOld > 0, firstInNew > 0, firstInOld <= lineInOld, firstInNew <= lineInNew else { return false }
        return body.allSatisfy(Self.isSpace)
    }

    mutating func removedLine() { lineInOld += 1 }

    mutating func contextLine() {
        lineInOld += 1
        lineInNew += 1
    }

    /// A line git's consumer does not recognize (the no-newline marker): git counts it as old.
    mutating func incompleteLine() { lineInOld += 1 }

    /// git's `isspace`: space, tab, LF, CR.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func number(in header: [UInt8], after index: Int) -> Int {
        var value = 0
        for byte in header[(index + 1)...] {
            guard byte >= 0x30 && byte <= 0x39 else { break }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The number of lines, a last line without LF included (git's `count_lines`).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let newlines = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return bytes.last == 0x0A ? newlines : newlines + 1
    }

    /// The number of blank lines at the end, the first line never counted (git's `count_trailing_blank`).
    static func trailingBlankLines(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        var end = bytes.count - 1
        if bytes[end] == 0x0A { end -= 1 }
        var count = 0
        while 0 < end {
            var previousNewline = end
            while previousNewline >= 0 && bytes[previousNewline] != 0x0A { previousNewline -= 1 }
            guard bytes[(previousNewline + 1)..<(end + 1)].allSatisfy(isSpace) else { break }
            count += 1
            end = previousNewline - 1
        }
        return count
    }
}
