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
