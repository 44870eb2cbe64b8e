import GitRules
import TreeModel

/// Writes one file's patch the way git's diff does (its `run_diff`, `fill_metainfo` and
/// `builtin_diff`): the `diff --git` header and extended headers, then either the binary
/// line or the hunks, whose lines come from libgit2's xdiff.
struct PatchBuilder {
    /// The pair of a changed path, before any split.
    struct Pair {
        var oldName: [UInt8]
        var newName: [UInt8]
        var old: PatchSide?
        var new: PatchSide?
        var status: ChangeStatus?
        var similarity: Int?
    }

    let options: PatchOptions
    let hunks: PatchHunks
    /// The prefixes of the old and new names (`a/`, `b/`).
    let prefixes: (old: [UInt8], new: [UInt8])
    /// An id as the `index` line shows it.
    let abbreviate: (ObjectID) -> String
    private(set) var writer: PatchWriter

    init(options: PatchOptions, hunks: PatchHunks, prefixes: (old: [UInt8], new: [UInt8]),
         whitespace: PatchText.WhitespaceRule, abbreviate: @escaping (ObjectID) -> String) {
        self.options = options
        self.hunks = hunks
        self.prefixes = prefixes
        self.abbreviate = abbreviate
        writer = PatchWriter(whitespace: whitespace)
    }

    private var quoting: CQuoting { CQuoting(quotePath: options.quotePath) }

    /// Writes the pair; a change between kinds of entry (a file and a symlink) is written as
    /// a deletion and a creation, as git splits it.
    mutating func write(_ pair: Pair) throws {
        if pair.status == .unmerged {
            writer.append(.plain, Array(utf8: "* Unmerged path ") + pair.newName)
            return
        }
        if let old = pair.old, let new = pair.new, old.file.mode & 0o170000 != new.file.mode & 0o170000 {
            try writeFilePair(pair, one: old, two: nil)
            try writeFilePair(pair, one: nil, two: new)
        } else {
            try writeFilePair(pair, one: pair.old, two: pair.new)
        }
    }

    /// The extended headers after the modes (git's `fill_metainfo`), and whether they alone
    /// make the header worth showing.
    private func metainfo(_ pair: Pair, one: PatchSide?, two: PatchSide?) -> (lines: [[UInt8]], mustShow: Bool) {
        var lines: [[UInt8]] = []
        var mustShow = false
        if pair.status == .renamed || pair.status == .copied {
            let word = pair.status == .renamed ? "rename" : "copy"
            lines.append(Array(utf8: "similarity index \(pair.similarity ?? 0)%"))
            lines.append(Array(utf8: "\(word) from ") + quoting.quoted(pair.oldName))
            lines.append(Array(utf8: "\(word) to ") + quoting.quoted(pair.newName))
            mustShow = true
        }
        let oneID = one?.file.id ?? .zero, twoID = two?.file.id ?? .zero
        if oneID != twoID {
            var line = Array(utf8: "index \(abbreviate(oneID))..\(abbreviate(twoID))")
            let oneMode = one?.file.mode ?? 0, twoMode = two?.file.mode ?? 0
            if oneMode == twoMode { line += Array(utf8: " ") + Array(octalMode: oneMode) }
            lines.append(line)
        }
        return (lines, mustShow)
    }

    private mutating func writeFilePair(_ pair: Pair, one: PatchSide?, two: PatchSide?) throws {
        let info = metainfo(pair, one: one, two: two)
        var mustShow = info.mustShow
        let nameA = one != nil ? pair.oldName : pair.newName
        let nameB = two != nil ? pair.newName : nameA
        let aOne = quoting.quoted(prefix: prefixes.old, nameA)
        let bTwo = quoting.quoted(prefix: prefixes.new, nameB)
        let labels = (one != nil ? aOne : Array(utf8: "/dev/null"), two != nil ? bTwo : Array(utf8: "/dev/null"))
        var header: [[UInt8]] = [Array(utf8: "diff --git ") + aOne + Array(utf8: " ") + bTwo]
        if let two, one == nil {
            header.append(Array(utf8: "new file mode ") + Array(octalMode: two.file.mode))
            mustShow = true
        } else if let one, two == nil {
            header.append(Array(utf8: "deleted file mode ") + Array(octalMode: one.file.mode))
            mustShow = true
        } else if let one, let two, one.file.mode != two.file.mode {
            header.append(Array(utf8: "old mode ") + Array(octalMode: one.file.mode))
            header.append(Array(utf8: "new mode ") + Array(octalMode: two.file.mode))
            mustShow = true
        }
        header += info.lines
        let oldContent = one?.content ?? [], newContent = two?.content ?? []
        if one?.binary == true || two?.binary == true {
            if oldContent == newContent {
                if mustShow { writeHeader(header) }
                return
            }
            writeHeader(header)
            writer.append(.plain, Array(utf8: "Binary files ") + labels.0 + Array(utf8: " and ") + labels.1 + Array(utf8: " differ"))
            return
        }
        var pending: [[UInt8]]? = header
        if mustShow {
            writeHeader(header)
            pending = nil
        }
        let found = try hunks.hunks(old: one, new: two, oldPath: nameA, newPath: nameB)
        guard found.contains(where: { !$0.lines.isEmpty }) else { return }
        if let pending { writeHeader(pending) }
        writeFileNames(labels)
        var blankLines = BlankLinesAtEnd(rule: writer.text.whitespace, old: oldContent, new: newContent)
        for hunk in found {
            writeHunk(hunk, blankLines: &blankLines)
        }
    }

    private mutating func writeHeader(_ lines: [[UInt8]]) {
        for line in lines { writer.append(.header, line) }
    }

    /// `--- a/name` and `+++ b/name`, each followed by a tab when the name has a space.
    private mutating func writeFileNames(_ labels: ([UInt8], [UInt8])) {
        for (marker, label) in [("--- ", labels.0), ("+++ ", labels.1)] {
            let tab: [UInt8] = label.contains(UInt8(ascii: " ")) ? [UInt8(ascii: "\t")] : []
            writer.append(.header, Array(utf8: marker) + label + tab)
        }
    }

    private mutating func writeHunk(_ hunk: PatchHunks.Hunk, blankLines: inout BlankLinesAtEnd) {
        let header = GitUTF8.validPrefix(hunk.header)
        writer.append(.hunkHeader, header)
        blankLines.startHunk(Array(header))
        let newline = UInt8(ascii: "\n")
        for (origin, content) in hunk.lines {
            var body = content
            let complete = body.last == newline
            if complete { body.removeLast() }
            switch origin {
            case UInt8(ascii: "+"):
                writer.append(.insertion, [origin] + body, blankAtEndOfFile: blankLines.addedLineIsBlankAtEnd(body))
            case UInt8(ascii: "-"):
                blankLines.removedLine()
                writer.append(.deletion, [origin] + body)
            default:
                if options.suppressBlankEmpty && body.isEmpty && complete {
                    blankLines.incompleteLine()
                    writer.append(.context, [])
                } else {
                    blankLines.contextLine()
                    writer.append(.context, [origin] + body)
                }
            }
            if !complete {
                blankLines.incompleteLine()
                writer.append(.noNewline, Array(utf8: "\\ No newline at end of file"))
            }
        }
    }
}

/// Builds a ``PatchText`` one line at a time.
struct PatchWriter {
    private(set) var text: PatchText

    init(whitespace: PatchText.WhitespaceRule) {
        text = PatchText(whitespace: whitespace)
    }

    /// Appends one line (`bytes` without its LF) of `kind`.
    mutating func append(_ kind: PatchText.Line.Kind, _ bytes: some Sequence<UInt8>, blankAtEndOfFile: Bool = false) {
        let start = text.bytes.count
        text.bytes.append(contentsOf: bytes)
        text.lines.append(PatchText.Line(kind: kind, range: start..<text.bytes.count, blankAtEndOfFile: blankAtEndOfFile))
        text.bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a header line made of `parts`.
    mutating func header(_ parts: [UInt8]...) {
        append(.header, parts.joined())
    }
}

extension Array where Element == UInt8 {
    /// The UTF-8 bytes of `text`.
    init(utf8 text: String) {
        self = Array(text.utf8)
    }

    /// `mode` as git prints it: six octal digits.
    init(octalMode mode: UInt32) {
        let digits = String(mode, radix: 8)
        self = Array((String(repeating: "0", count: Swift.max(0, 6 - digits.count)) + digits).utf8)
    }
}

/// How a file's patch is printed: git's diff options that configuration can change.
struct PatchOptions: Sendable {
    /// The diff algorithm (`diff.algorithm`).
    enum Algorithm: String, Sendable {
        case myers, `default`, minimal, patience, histogram
    }

    /// Which prefixes the two sides' names get (`diff.noprefix`, `diff.mnemonicPrefix`).
    enum Prefixes: Sendable {
        /// `a/` and `b/`.
        case standard
        /// None.
        case none
        /// What each side is: `c/` for a commit, `i/` the index, `w/` the working tree.
        case mnemonic
    }

    /// Lines of context around each change (`diff.context`, `GIT_DIFF_OPTS`).
    var context = 3
    /// Lines between hunks that still join them (`diff.interHunkContext`).
    var interhunkContext = 0
    /// `diff.indentHeuristic`, on by default.
    var indentHeuristic = true
    var algorithm = Algorithm.myers
    var prefixes = Prefixes.standard
    /// `diff.suppressBlankEmpty`: an empty context line is printed without its space.
    var suppressBlankEmpty = false
    /// `core.quotePath`: bytes above 0x7F in names are quoted too.
    var quotePath = true
    /// `core.abbrev`; `nil` for git's `auto`, which grows with the number of objects.
    var abbreviation: Int?
    /// `core.whitespace` and `diff.wsErrorHighlight`.
    var whitespace = PatchText.WhitespaceRule.gitDefault
}
