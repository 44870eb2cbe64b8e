/// Shapes of single lines, shared by the recognizer and the readers.
enum ChangeListLine {
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// A full object id: 40 (SHA-1) or 64 (SHA-256) lower-case hexadecimal digits.
    static func isObjectID(_ bytes: ArraySlice<UInt8>) -> Bool {
        (bytes.count == 40 || bytes.count == 64) && bytes.allSatisfy(isHexDigit)
    }

    /// Whether `line` starts with `prefix`.
    static func starts(_ line: ArraySlice<UInt8>, with prefix: String) -> Bool {
        line.starts(with: prefix.utf8)
    }

    /// `M\tpath`, `R100\told\tnew`: a status code, then a tab.
    static func isNameStatus(_ line: ArraySlice<UInt8>) -> Bool {
        guard let tab = line.firstIndex(of: ChangeListReader.tab) else { return false }
        return ChangeListReader.StatusCode(line[..<tab]) != nil
    }

    /// `:100644 100644 <id> <id> M\tpath`: a `--raw` line.
    static func isRaw(_ line: ArraySlice<UInt8>) -> Bool {
        ChangeListReader.RawHeader(line) != nil
    }

    /// `XY path`, `## main`: a line of `git status --porcelain`.
    static func isPorcelain(_ line: ArraySlice<UInt8>) -> Bool {
        starts(line, with: "## ") || ChangeListReader.PorcelainStatus(line) != nil
    }

    /// The error for `line`, which does not have the form `form`: what it looks like when it
    /// is recognizably the output of another git command, else what was expected.
    static func error(_ line: ArraySlice<UInt8>, at place: ChangeListReader.Place, in form: ChangeListForm) -> ChangeListReader.InputError {
        if let foreign = ChangeListRecognizer.ForeignOutput(line: line) {
            return ChangeListReader.InputError(place, foreign.message)
        }
        if form == .nameStatus, case .record = place {
            return ChangeListReader.InputError(place, "\(ChangeListReader.quoted(line)) is not a git status")
        }
        if form == .nameStatus, let tab = line.firstIndex(of: ChangeListReader.tab) {
            return ChangeListReader.InputError(place, "\(ChangeListReader.quoted(line[..<tab])) is not a git status")
        }
        return ChangeListReader.InputError(place, "not a \(form.displayName) line: \(ChangeListReader.quoted(line))")
    }
}
