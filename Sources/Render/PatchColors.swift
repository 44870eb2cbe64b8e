import TreeModel

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
    public private(set) var refusedSlots: [String] = []

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
