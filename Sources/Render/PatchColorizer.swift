import TreeModel

/// One piece of a colored patch line: a style sequence or some of the line's bytes.
enum PatchPiece: Equatable {
    case style([UInt8])
    /// Bytes of ``PatchText/bytes``.
    case text(Range<Int>)
}

/// Colors a patch's lines as git's diff does (its `emit_line_0`, `emit_line_ws_markup`,
/// `emit_hunk_header` and `ws_check_emit`), as pieces, so that the sequences git writes are
/// known apart from the file's own bytes.
struct PatchColorizer {
    let patch: PatchText
    let colors: PatchColors

    /// The pieces of `line`, in order (without its LF).
    func pieces(of line: PatchText.Line) -> [PatchPiece] {
        var pieces = Pieces()
        let range = line.range
        switch line.kind {
        case .plain:
            pieces.text(range)
        case .header:
            if patch.bytes[range].last == UInt8(ascii: "\t") {
                pieces.style(colors.meta, text: range.lowerBound..<(range.upperBound - 1), reset: colors.reset)
                pieces.text((range.upperBound - 1)..<range.upperBound)
            } else {
                pieces.style(colors.meta, text: range, reset: colors.reset)
            }
        case .hunkHeader:
            hunkHeader(range, into: &pieces)
        case .noNewline:
            emitLine(setSign: colors.context, first: nil, body: range, into: &pieces)
        case .context, .deletion, .insertion:
            content(line, into: &pieces)
        }
        return pieces.list
    }

    /// git's `emit_line_0` with no second color: the sign's color, the sign, the body, a
    /// reset; a CR at the end of the body goes after the reset.
    func emitLine(setSign: [UInt8]?, first: Range<Int>?, body: Range<Int>, into pieces: inout Pieces) {
        var body = body
        var carriageReturn: Range<Int>?
        if !body.isEmpty && patch.bytes[body.upperBound - 1] == 0x0D {
            carriageReturn = (body.upperBound - 1)..<body.upperBound
            body = body.lowerBound..<(body.upperBound - 1)
        }
        if body.isEmpty && first == nil {
            if let carriageReturn { pieces.text(carriageReturn) }
            return
        }
        var needsReset = false
        if let setSign {
            pieces.style(setSign)
            needsReset = true
        }
        if let first { pieces.text(first) }
        if !body.isEmpty {
            pieces.text(body)
            needsReset = true
        }
        if needsReset { pieces.style(colors.reset) }
        if let carriageReturn { pieces.text(carriageReturn) }
    }

    /// An unchanged, removed or added line, its whitespace errors highlighted where
    /// `diff.wsErrorHighlight` asks (git's `emit_line_ws_markup`).
    private func content(_ line: PatchText.Line, into pieces: inout Pieces) {
        let range = line.range
        guard !range.isEmpty else { return }
        let sign = range.lowerBound..<(range.lowerBound + 1)
        let body = sign.upperBound..<range.upperBound
        let (set, highlighted): ([UInt8], PatchText.WhitespaceRule.Highlighted) = switch line.kind {
        case .deletion: (colors.old, .old)
        case .insertion: (colors.new, .new)
        default: (colors.context, .context)
        }
        let rule = patch.whitespace
        guard rule.highlighted.contains(highlighted), !colors.whitespace.isEmpty else {
            emitLine(setSign: set, first: sign, body: body, into: &pieces)
            return
        }
        if line.kind == .insertion && line.blankAtEndOfFile {
            emitLine(setSign: colors.whitespace, first: sign, body: body, into: &pieces)
            return
        }
        emitLine(setSign: set, first: sign, body: body.lowerBound..<body.lowerBound, into: &pieces)
        whitespaceChecked(body, set: set, into: &pieces)
    }

    /// `@@ -1,3 +1,4 @@` in the `frag` color, the blanks after it in `context`, the function
    /// name in `func`.
    private func hunkHeader(_ range: Range<Int>, into pieces: inout Pieces) {
        let bytes = patch.bytes
        let at = UInt8(ascii: "@")
        var end: Int?
        if range.count + 1 >= 10, bytes[range.lowerBound] == at, bytes[range.lowerBound + 1] == at {
            var index = range.lowerBound + 2
            while index + 1 < range.upperBound {
                if bytes[index] == at && bytes[index + 1] == at {
                    end = index + 2
                    break
                }
                index += 1
            }
        }
        guard let end else {
            emitLine(setSign: colors.context, first: nil, body: range, into: &pieces)
            return
        }
        pieces.style(colors.frag, text: range.lowerBound..<end, reset: colors.reset)
        var name = end
        while name < range.upperBound && (bytes[name] == 0x20 || bytes[name] == 0x09) { name += 1 }
        if name != end { pieces.style(colors.context, text: end..<name, reset: colors.reset) }
        if name < range.upperBound { pieces.style(colors.function, text: name..<range.upperBound, reset: colors.reset) }
    }
}

/// Pieces collected for one line; empty sequences and empty text are left out.
struct Pieces {
    private(set) var list: [PatchPiece] = []

    mutating func style(_ sequence: [UInt8]) {
        if !sequence.isEmpty { list.append(.style(sequence)) }
    }

    mutating func text(_ range: Range<Int>) {
        if !range.isEmpty { list.append(.text(range)) }
    }

    /// A style, text in it, and the reset.
    mutating func style(_ sequence: [UInt8], text range: Range<Int>, reset: [UInt8]) {
        style(sequence)
        text(range)
        style(reset)
    }
}
