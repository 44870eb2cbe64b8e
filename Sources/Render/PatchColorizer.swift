import GitRules
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

/// The colors of a patch, as git's `color.diff.<slot>` settings give them: each slot's SGR
/// sequence (empty for none).
public struct PatchColors: Hashable, Sendable {
    /// Unchanged lines and the no-newline marker (`context`, also `plain`); git's default: none.
    public var context: [UInt8] = []
    /// Header lines (`meta`); default bold.
    public var meta = Array("\u{1B}[1m".utf8)
    /// The `@@ … @@` of a hunk header (`frag`); default cyan.
    public var frag = Array("\u{1B}[36m".utf8)
    /// The function name after it (`func`); default none.
    public var function: [UInt8] = []
    /// Removed lines (`old`); default red.
    public var old = Array("\u{1B}[31m".utf8)
    /// Added lines (`new`); default green.
    public var new = Array("\u{1B}[32m".utf8)
    /// Commit lines of a log (`commit`), which a file's patch does not have; default yellow.
    public var commit = Array("\u{1B}[33m".utf8)
    /// Whitespace errors (`whitespace`); default a red background.
    public var whitespace = Array("\u{1B}[41m".utf8)
    /// What ends each colored part: `ESC [ m`.
    public var reset = Array("\u{1B}[m".utf8)
    /// The slots whose configured value git refuses (`invalid color value`); they keep git's default.
    private(set) var refusedSlots: [String] = []

    /// git's default colors.
    public static let git = PatchColors()

    /// No color at all: every slot and the reset empty, so a colored patch is the plain one.
    public static let none = PatchColors(
        context: [], meta: [], frag: [], function: [], old: [], new: [], commit: [], whitespace: [], reset: [])

    private init(context: [UInt8], meta: [UInt8], frag: [UInt8], function: [UInt8], old: [UInt8], new: [UInt8],
                 commit: [UInt8], whitespace: [UInt8], reset: [UInt8]) {
        self.context = context
        self.meta = meta
        self.frag = frag
        self.function = function
        self.old = old
        self.new = new
        self.commit = commit
        self.whitespace = whitespace
        self.reset = reset
    }

    /// git's default colors.
    public init() {}

    /// git's defaults with the slots `configured` sets, by slot name in any case (`meta`,
    /// `frag`, `func`, `old`, `new`, `context` or `plain`, `commit`, `whitespace`; others are
    /// passed over), each value in git's color syntax (``GitColor``).
    public init(configured: [String: String]) {
        let slots: [String: WritableKeyPath<PatchColors, [UInt8]>] = [
            "context": \.context, "plain": \.context, "meta": \.meta, "frag": \.frag, "func": \.function,
            "old": \.old, "new": \.new, "commit": \.commit, "whitespace": \.whitespace,
        ]
        for (name, value) in configured.sorted(by: { $0.key < $1.key }) {
            guard let slot = slots[name.lowercased()] else { continue }
            if let sequence = GitColor.sequence(value) {
                self[keyPath: slot] = sequence
            } else {
                refusedSlots.append(name)
            }
        }
    }

    /// `patch` colored exactly as `git diff --color=always` colors it.
    public func colored(_ patch: PatchText) -> [UInt8] {
        let colorizer = PatchColorizer(patch: patch, colors: self)
        var output: [UInt8] = []
        output.reserveCapacity(patch.bytes.count + patch.lines.count * 12)
        for line in patch.lines {
            for piece in colorizer.pieces(of: line) {
                switch piece {
                case .style(let sequence): output += sequence
                case .text(let range): output += patch.bytes[range]
                }
            }
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }
}
