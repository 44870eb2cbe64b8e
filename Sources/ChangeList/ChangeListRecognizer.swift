/// Recognizes the form of a change list from the shape of its beginning (its first 64
/// non-empty lines or records, within the first 64 KiB): git writes each form throughout,
/// so the readers then hold every line to that form, with a numbered error for one that breaks it.
///
/// - Output of another git command (`--stat`, a patch, a log, a tag, ...) is refused
///   (``ForeignOutput``).
/// - `--raw` or `--name-status` when any of the head's lines is one (the first such decides).
/// - `git status --porcelain` when every line of the head is one: its shape (`XY path`) is
///   weak, and a file may well be called `AD 2024.pdf`.
/// - Otherwise bare paths.
enum ChangeListRecognizer {
    /// How much of the input decides its form.
    static let headBytes = 64 * 1024
    static let headCount = 64

    static func form(of input: [UInt8], separator: UInt8) throws -> ChangeListForm {
        let fields = head(of: input, separator: separator)
        let lines = separator == 0 ? fields.flatMap { $0.split(separator: ChangeListReader.newline) } : fields
        if let foreign = ForeignOutput(head: lines, input: input) {
            throw ChangeListReader.InputError(description: foreign.message)
        }
        return separator == 0 ? recordForm(fields) : lineForm(lines)
    }

    /// The first non-empty lines (or NUL-separated records), without a carriage return at a
    /// line's end, and without a last one cut by the 64 KiB limit.
    static func head(of input: [UInt8], separator: UInt8) -> [ArraySlice<UInt8>] {
        let prefix = input.prefix(headBytes)
        var fields = prefix.split(separator: separator, maxSplits: headCount * 4, omittingEmptySubsequences: true)
        if input.count > headBytes, prefix.last != separator, !fields.isEmpty { fields.removeLast() }
        if separator == ChangeListReader.newline {
            fields = fields.map { $0.last == ChangeListReader.carriageReturn ? $0.dropLast() : $0 }.filter { !$0.isEmpty }
        }
        return Array(fields.prefix(headCount))
    }

    private static func lineForm(_ lines: [ArraySlice<UInt8>]) -> ChangeListForm {
        for line in lines {
            if ChangeListLine.isRaw(line) { return .raw }
            if ChangeListLine.isNameStatus(line) { return .nameStatus }
        }
        if !lines.isEmpty && lines.allSatisfy(ChangeListLine.isPorcelain) { return .porcelain }
        return .paths
    }

    /// With NUL-separated input a path is a record of its own, so a path list may start with
    /// a file called `M`: the head must read as a whole in the form.
    private static func recordForm(_ records: [ArraySlice<UInt8>]) -> ChangeListForm {
        var records = records
        if let first = records.first, ChangeListLine.isObjectID(first), records.count > 1 { records.removeFirst() }
        guard let first = records.first else { return .paths }
        if ChangeListReader.RawHeader(first) != nil { return .raw }
        if ChangeListReader.StatusCode(first) != nil && readsAsPairs(records, statusCode: { ChangeListReader.StatusCode($0).map { $0.isPaired ? 2 : 1 } }) {
            return .nameStatus
        }
        if readsAsPairs(records, statusCode: { ChangeListReader.PorcelainStatus($0).map { $0.isPaired ? 1 : 0 } ?? (ChangeListLine.starts($0, with: "## ") ? 0 : nil) }) {
            return .porcelain
        }
        return .paths
    }

    /// Whether `records` are each a status record followed by as many path records as
    /// `statusCode` says (`nil`: not a status record); the head may end within an entry.
    private static func readsAsPairs(_ records: [ArraySlice<UInt8>], statusCode: (ArraySlice<UInt8>) -> Int?) -> Bool {
        var index = 0
        while index < records.count {
            guard let paths = statusCode(records[index]) else { return false }
            index += 1 + paths
        }
        return true
    }
}

extension ChangeListRecognizer {
    /// Output of a git command that is not a change list, recognized so that it is refused with
    /// what to pipe instead rather than read as file names. A whole input is judged by its
    /// shape (a `commit <id>` line followed by `Author:`, a stat table with its summary), so a
    /// path list may hold a file called `commit` or a path with ` | ` in it.
    enum ForeignOutput: Equatable {
        case stat, numstat, patch, log, signature, status, porcelainV2, colored, combinedDiff
        case tag(signed: Bool)

        /// The one line that refuses it.
        var message: String { "this looks like \(looksLike); \(instead)" }

        private var looksLike: String {
            switch self {
            case .stat: "`git diff --stat`, `--summary` or `--dirstat` output"
            case .numstat: "`git diff --numstat` output"
            case .patch: "a patch (`git diff`, `git format-patch`)"
            case .log: "`git log` or `git show` output"
            case .signature: "a signature (-----BEGIN ... SIGNATURE-----)"
            case .status: "`git status` output"
            case .porcelainV2: "`git status --porcelain=v2` output"
            case .colored: "colored output"
            case .combinedDiff: "a merge's combined `--raw` listing"
            case .tag(let signed): signed ? "a signed tag (`git show <tag>`)" : "a tag (`git show <tag>`)"
            }
        }

        private var instead: String {
            switch self {
            case .stat, .numstat, .patch, .signature: "pipe `git diff --name-status` (or `--raw`) instead"
            case .log: "pipe `git show --format= --name-status <commit>` or `git diff --name-status <a> <b>` instead"
            case .tag: "pipe `git diff --name-status <tag>^ <tag>` instead"
            case .status: "pipe `git status --porcelain` instead"
            case .porcelainV2: "pipe `git status --porcelain` (version 1) instead"
            case .colored: "pipe it without color (--no-color)"
            case .combinedDiff: "pipe `git diff --raw <parent> <merge>` instead"
            }
        }

        /// Recognizes a whole input from `head`, its first non-empty lines.
        init?(head: [ArraySlice<UInt8>], input: [UInt8]) {
            guard let first = head.first else { return nil }
            let pairs = zip(head, head.dropFirst())
            if first.first == 0x1B || head.contains(where: ForeignLine.hasColorReset) {
                self = .colored
            } else if pairs.contains(where: ForeignLine.isTagHeader) {
                self = .tag(signed: head.contains(where: ForeignLine.isSignatureStart))
            } else if pairs.contains(where: ForeignLine.isCommitHeader) || ForeignLine.isOnelineLog(head) {
                self = .log
            } else if ForeignLine.isMailboxStart(first) || pairs.contains(where: ForeignLine.isPatchHeader) {
                self = .patch
            } else if head.contains(where: ForeignLine.isSignatureStart) && ForeignLine.hasSignatureEnd(input) {
                self = .signature
            } else if ForeignLine.isStatTable(head) {
                self = .stat
            } else if ForeignLine.isNumstat(first) {
                self = .numstat
            } else if ForeignLine.isLongStatus(head) {
                self = .status
            } else if ForeignLine.isPorcelainV2(head) {
                self = .porcelainV2
            } else if head.prefix(2).contains(where: ForeignLine.isCombinedRaw) {
                self = .combinedDiff
            } else {
                return nil
            }
        }

        /// Recognizes one line that breaks a change list's form, where a single marker is enough.
        init?(line: ArraySlice<UInt8>) {
            let patchStarts = ["diff --git ", "diff --cc ", "diff --combined ", "@@ -", "--- a/", "+++ b/", "--- /dev/null", "+++ /dev/null"]
            if line.first == 0x1B {
                self = .colored
            } else if patchStarts.contains(where: { ChangeListLine.starts(line, with: $0) }) || ForeignLine.isMailboxStart(line) {
                self = .patch
            } else if ForeignLine.isCommitLine(line) || ["Author: ", "Merge: "].contains(where: { ChangeListLine.starts(line, with: $0) }) {
                self = .log
            } else if ChangeListLine.starts(line, with: "Tagger: ") {
                self = .tag(signed: false)
            } else if ForeignLine.isSignatureStart(line) {
                self = .signature
            } else if ForeignLine.isStatLine(line) || ForeignLine.isStatSummary(line) {
                self = .stat
            } else if ForeignLine.isNumstat(line) {
                self = .numstat
            } else if ForeignLine.isCombinedRaw(line) {
                self = .combinedDiff
            } else {
                return nil
            }
        }
    }
}

extension ChangeListRecognizer {
    /// The shapes ``ForeignOutput`` recognizes: single lines, and pairs of consecutive
    /// non-empty lines (`commit <id>` then `Author:`), which no path list is likely to hold.
    enum ForeignLine {
        typealias Line = ArraySlice<UInt8>

        private static func starts(_ line: Line, with prefix: String) -> Bool {
            ChangeListLine.starts(line, with: prefix)
        }

        private static func starts(_ line: Line, withAnyOf prefixes: [String]) -> Bool {
            prefixes.contains { starts(line, with: $0) }
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// `line` without the drawing `git log --graph` puts before it (`* `, `| `).
        private static func withoutGraph(_ line: Line) -> Line {
            guard line.first == UInt8(ascii: "*") || line.first == UInt8(ascii: "|") else { return line }
            return line.drop { "*|/\\ ".utf8.contains($0) }
        }

        /// Whether `line` holds `ESC [ m`, the color reset git writes after every colored part.
        static func hasColorReset(_ line: Line) -> Bool {
            var index = line.startIndex
            while let escape = line[index...].firstIndex(of: 0x1B) {
                if line[escape...].starts(with: [0x1B, UInt8(ascii: "["), UInt8(ascii: "m")]) { return true }
                index = escape + 1
            }
            return false
        }

        /// `commit <id>`, maybe followed by decorations (`(HEAD -> main)`).
        static func isCommitLine(_ line: Line) -> Bool {
            let line = withoutGraph(line)
            guard starts(line, with: "commit ") else { return false }
            let rest = line.dropFirst(7)
            let id = rest.prefix { $0 != UInt8(ascii: " ") }
            return ChangeListLine.isObjectID(id)
        }

        /// `commit <id>` then `Author:` (or `Merge:`, a signature check), as `git log` and
        /// `git show` write; or `tree <id>` then `parent`/`author`, as `git cat-file commit` does.
        static func isCommitHeader(_ pair: (Line, Line)) -> Bool {
            let (first, second) = (pair.0, withoutGraph(pair.1))
            if isCommitLine(first) {
                return starts(second, withAnyOf: ["Author: ", "Merge: ", "gpg: ", "tree ", "AuthorDate: "])
            }
            return starts(first, with: "tree ") && ChangeListLine.isObjectID(first.dropFirst(5))
                && starts(second, withAnyOf: ["parent ", "author "])
        }

        /// `git log --oneline` (`<abbreviated id> <subject>`) followed by a change list line.
        static func isOnelineLog(_ head: [Line]) -> Bool {
            guard head.count >= 2 else { return false }
            let id = head[0].prefix { $0 != UInt8(ascii: " ") }
            guard (7...64).contains(id.count), id.allSatisfy(ChangeListLine.isHexDigit), id.count < head[0].count else { return false }
            let next = head[1]
            return ChangeListLine.isNameStatus(next) || ChangeListLine.isRaw(next) || isNumstat(next) || isStatLine(next)
        }

        /// `tag <name>` then `Tagger:` (`git show <tag>`), or `object <id>` then `type`
        /// (`git cat-file tag`).
        static func isTagHeader(_ pair: (Line, Line)) -> Bool {
            (starts(pair.0, with: "tag ") && starts(pair.1, with: "Tagger: "))
                || (starts(pair.0, with: "object ") && ChangeListLine.isObjectID(pair.0.dropFirst(7)) && starts(pair.1, with: "type "))
        }

        /// `From <id> Mon Sep 17 00:00:00 2001`: the first line of `git format-patch` output.
        static func isMailboxStart(_ line: Line) -> Bool {
            guard starts(line, with: "From "), line.count > 5 else { return false }
            let rest = line.dropFirst(5)
            let id = rest.prefix { $0 != UInt8(ascii: " ") }
            return ChangeListLine.isObjectID(id) && rest.dropFirst(id.count).elementsEqual(" Mon Sep 17 00:00:00 2001".utf8)
        }

        /// `diff --git a/x b/x` then an extended header or `---`; or `--- x` then `+++ x`.
        static func isPatchHeader(_ pair: (Line, Line)) -> Bool {
            if starts(pair.0, withAnyOf: ["diff --git ", "diff --cc ", "diff --combined "]) {
                return starts(pair.1, withAnyOf: ["index ", "old mode ", "new mode ", "new file mode ", "deleted file mode ",
                                                  "similarity index ", "dissimilarity index ", "copy from ", "rename from ",
                                                  "--- ", "Binary files "])
            }
            return starts(pair.0, with: "--- ") && starts(pair.1, with: "+++ ")
        }

        /// `-----BEGIN PGP SIGNATURE-----`, `-----BEGIN SSH SIGNATURE-----`, and the like.
        static func isSignatureStart(_ line: Line) -> Bool {
            starts(line, with: "-----BEGIN ") && line.count > 16 && line.suffix(5).elementsEqual("-----".utf8)
        }

        /// Whether a line of `input` starts with `-----END `.
        static func hasSignatureEnd(_ input: [UInt8]) -> Bool {
            let marker = Array("\n-----END ".utf8)
            var index = input.startIndex
            while let found = input[index...].firstIndex(of: marker[0]) {
                if input[found...].starts(with: marker) { return true }
                index = found + 1
            }
            return false
        }

        /// ` path | 12 ++--`, ` image.png | Bin 0 -> 1234 bytes`: a row of `git diff --stat`.
        static func isStatLine(_ line: Line) -> Bool {
            guard line.first == UInt8(ascii: " "), let bar = line.lastIndex(of: UInt8(ascii: "|")),
                  bar > line.startIndex + 1, line[bar - 1] == UInt8(ascii: " ") else { return false }
            let figures = line[(bar + 1)...].drop { $0 == UInt8(ascii: " ") }
            if starts(figures, withAnyOf: ["Bin", "Unmerged"]) { return true }
            let count = figures.prefix(while: isDigit)
            guard !count.isEmpty else { return false }
            let graph = figures.dropFirst(count.count)
            return graph.isEmpty || (graph.first == UInt8(ascii: " ") && graph.dropFirst().allSatisfy { "+-".utf8.contains($0) })
        }

        /// ` 3 files changed, 10 insertions(+), 2 deletions(-)`: the last line of `--stat`, and `--shortstat`.
        static func isStatSummary(_ line: Line) -> Bool {
            guard line.first == UInt8(ascii: " ") else { return false }
            let count = line.dropFirst().prefix(while: isDigit)
            let rest = line.dropFirst(1 + count.count)
            return !count.isEmpty && (starts(rest, with: " file changed") || starts(rest, with: " files changed"))
        }

        /// A stat table: rows, its summary, and the `--summary` lines that may follow; or
        /// `--summary` lines alone; or `--dirstat` lines, which git does not quote (a newline
        /// in a directory's name breaks its line), from the first on and at least half of them.
        static func isStatTable(_ head: [Line]) -> Bool {
            guard let first = head.first else { return false }
            let summaryLines = [" create mode ", " delete mode ", " mode change ", " rename ", " copy ", " rewrite "]
            let isStatKind = { (line: Line) in isStatLine(line) || isStatSummary(line) || starts(line, withAnyOf: summaryLines) }
            return head.allSatisfy(isStatKind) || (isDirstatLine(first) && 2 * head.lazy.filter(isDirstatLine).count >= head.count)
        }

        /// `  50.0% src/`: a line of `git diff --dirstat`.
        static func isDirstatLine(_ line: Line) -> Bool {
            let figures = line.drop { $0 == UInt8(ascii: " ") }
            let whole = figures.prefix(while: isDigit)
            let rest = figures.dropFirst(whole.count)
            guard !whole.isEmpty, rest.count > 4, rest.first == UInt8(ascii: "."), line.last == UInt8(ascii: "/") else { return false }
            return isDigit(rest[rest.startIndex + 1]) && rest.dropFirst(2).starts(with: "% ".utf8)
        }

        /// `12\t3\tpath`, `-\t-\timage.png`: a line of `git diff --numstat`.
        static func isNumstat(_ line: Line) -> Bool {
            let fields = line.split(separator: ChangeListReader.tab, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[2].isEmpty else { return false }
            return fields.prefix(2).allSatisfy { $0.elementsEqual("-".utf8) || (!$0.isEmpty && $0.allSatisfy(isDigit)) }
        }

        /// `On branch main` ... `Changes to be committed:`: `git status` in its long form.
        static func isLongStatus(_ head: [Line]) -> Bool {
            guard let first = head.first,
                  starts(first, withAnyOf: ["On branch ", "HEAD detached at ", "HEAD detached from ", "Not currently on any branch.", "No commits yet"])
            else { return false }
            let sections = ["Changes to be committed:", "Changes not staged for commit:", "Untracked files:", "Unmerged paths:",
                            "nothing to commit", "nothing added to commit", "no changes added to commit"]
            return head.contains { starts($0, withAnyOf: sections) }
        }

        /// `::100644 100644 100644 <id> <id> <id> MM\tpath`: a merge's combined `--raw` line.
        static func isCombinedRaw(_ line: Line) -> Bool {
            starts(line, with: "::") && line.dropFirst(2).first.map(isDigit) == true
        }

        /// `# branch.oid <id>`, `1 .M N... 100644 ...`: `git status --porcelain=v2`.
        static func isPorcelainV2(_ head: [Line]) -> Bool {
            guard let first = head.first else { return false }
            if starts(first, withAnyOf: ["# branch.", "# stash "]) { return true }
            let fields = first.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            if fields.count == 4, ["1", "2", "u"].contains(where: { fields[0].elementsEqual($0.utf8) }),
               fields[1].count == 2, fields[1].allSatisfy({ ".MTADRCU".utf8.contains($0) }),
               fields[2].count == 4, fields[2].first == UInt8(ascii: "N") || fields[2].first == UInt8(ascii: "S") {
                return true
            }
            return head.allSatisfy { starts($0, with: "? ") || starts($0, with: "! ") }
        }
    }
}
