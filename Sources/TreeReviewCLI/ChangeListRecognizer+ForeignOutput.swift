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
