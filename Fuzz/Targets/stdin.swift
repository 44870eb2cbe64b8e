/// The --stdin change-list reader (tab and -z forms) through the whole command.
///
/// Input: a header line (`-z` in it selects the NUL form) and the change list. In the `-z`
/// form NUL and LF are exchanged first, so seeds stay text: LF ends a record, NUL stands for
/// a LF inside a path. The run must end with status 0 and parseable JSON whose paths are
/// valid, unique and counted, or with status 2 and one line on standard error. A bare path
/// list without quoting is also compared with `ReferencePaths`: the same paths, or an error
/// exactly when a path is invalid or names both a file and a directory. As `Docs/CLI.md`
/// says, input whose first 64 KiB hold a NUL is NUL-separated without `-z` too, `-z` on
/// input with a newline but no NUL is refused, and so may be input with an ESC byte, as
/// looking like colored output.
import TreeModel

private let directory = Fuzz.makeScratchDirectory("stdin")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStdin(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let (header, rest) = Fuzz.splitHeader(input)
    let zGiven = Fuzz.words(header).contains("-z")
    let body = zGiven ? Fuzz.swappingNulAndNewline(rest) : rest
    let outcome = Fuzz.run(["--stdin", "--format", "json"] + (zGiven ? ["-z"] : []), input: body, directory: directory)
    let nulSeparated = zGiven || body.prefix(nulDetectionBytes).contains(0)
    let expected: Expectation = zGiven && !body.contains(0) && body.contains(UInt8(ascii: "\n")) ? .refused
        : nulSeparated ? expectedNulSeparatedBarePaths(body) : expectedBarePaths(body)
    if outcome.status == 2 {
        Fuzz.checkUsageError(outcome, "stdin input")
        let looksColored = body.contains(0x1B)
            && outcome.error.starts(with: Array("treereview: stdin: this looks like colored output".utf8))
        if case .paths = expected, !looksColored {
            fatalError("fuzz check failed: refused a valid bare path list: \(String(decoding: outcome.error, as: UTF8.self))")
        }
        return 0
    }
    Fuzz.check(outcome.status == 0, "status \(outcome.status)")
    Fuzz.check(outcome.error.isEmpty, "standard error on success: \(String(decoding: outcome.error, as: UTF8.self))")
    let document = Fuzz.parseJSON(outcome.output)
    let files = Fuzz.files(document)
    var paths: [[UInt8]] = []
    for file in files {
        guard let path = Fuzz.pathBytes(file, "path") else { fatalError("fuzz check failed: file without path") }
        let valid = try? TreePath(RawPath(bytes: path))
        Fuzz.check(valid?.identity == path, "path is not normalized: \(path)")
        if let oldPath = Fuzz.pathBytes(file, "oldPath") {
            Fuzz.check((try? TreePath(RawPath(bytes: oldPath)))?.identity == oldPath, "old path is not normalized: \(oldPath)")
        }
        paths.append(path)
    }
    Fuzz.check(Set(paths).count == paths.count, "a path is listed twice")
    Fuzz.check((document["summary"] as? [String: Any])?["files"] as? Int == files.count, "summary.files differs from the files")
    Fuzz.check(Set(Fuzz.treeFilePaths(document)) == Set(paths), "the tree's files differ from files")
    switch expected {
    case .unknown: break
    case .refused: fatalError("fuzz check failed: accepted a bare path list the reference refuses")
    case .paths(let reference): Fuzz.check(reference == Set(paths), "bare paths differ from the reference: expected \(reference), got \(paths)")
    }
    return 0
}

/// How much of the input is looked at for a NUL, which makes it NUL-separated without `-z`.
private let nulDetectionBytes = 64 << 10

/// What the reference rules expect of an input.
private enum Expectation {
    /// The input is of a kind the reference does not model (name-status, quoted paths).
    case unknown
    /// The input must be refused.
    case refused
    /// The input must be read as exactly these paths.
    case paths(Set<[UInt8]>)
}

/// What the reference expects of a LF-separated bare path list without quoting.
private func expectedBarePaths(_ body: [UInt8]) -> Expectation {
    var lines: [ArraySlice<UInt8>] = []
    for var line in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if !line.isEmpty { lines.append(line) }
    }
    // The form is recognized from the first 64 non-empty lines (Docs/CLI.md): one that looks
    // like a name-status or a `git status --short` line may make the whole input one.
    let looksLikeAnotherForm = lines.prefix(64).contains { line in
        line.firstIndex(of: UInt8(ascii: "\t")).map { ReferencePaths.isStatusCode(line[..<$0]) } ?? false
            || looksLikeShortStatus(line)
    }
    if looksLikeAnotherForm { return .unknown }
    if lines.contains(where: { $0.first == UInt8(ascii: "\"") }) { return .unknown }
    return expectedPaths(lines)
}

/// Whether `line` could be a `git status --short` line: two status letters (or spaces), a space.
private func looksLikeShortStatus(_ line: ArraySlice<UInt8>) -> Bool {
    let letters = Array(" MTADRCU?!".utf8)
    guard line.count >= 4 else { return false }
    let start = line.startIndex
    return letters.contains(line[start]) && letters.contains(line[start + 1]) && line[start + 2] == UInt8(ascii: " ")
}

/// The same for a NUL-separated bare path list (empty records are skipped, as empty lines are).
private func expectedNulSeparatedBarePaths(_ body: [UInt8]) -> Expectation {
    let fields = body.split(separator: 0, omittingEmptySubsequences: true)
    if fields.prefix(64).contains(where: { ReferencePaths.isStatusCode($0) || looksLikeShortStatus($0) }) { return .unknown }
    return expectedPaths(fields)
}

private func expectedPaths(_ raws: [ArraySlice<UInt8>]) -> Expectation {
    var paths = Set<[UInt8]>()
    for raw in raws {
        guard case .success(let normalized) = ReferencePaths.normalize(Array(raw)) else { return .refused }
        paths.insert(normalized.bytes)
    }
    return ReferencePaths.hasFileAndDirectoryClash(paths) ? .refused : .paths(paths)
}
