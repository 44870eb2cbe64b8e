/// The JSON writer: output parses, and path/pathBytes give back every path's exact bytes, valid UTF-8 or not.
///
/// Input: a header line of words (`pretty`, `name`, `input`, `no-flatten`), then one path
/// per line (NUL stands for a LF inside a path). The valid paths become a
/// `--name-status -z` change list (renames among them) read with `--stdin --format json`.
/// The document must parse with Foundation's `JSONSerialization`; `files` and the tree's file
/// nodes must hold exactly the normalized paths given (each once, the first change for a
/// path winning), each spelled per the schema (`pathBytes` base64 exactly when not UTF-8),
/// with the right old path for renames.
import TreeModel

private let directory = Fuzz.makeScratchDirectory("json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let (header, body) = Fuzz.splitHeader(input)
    let words = Fuzz.words(header)
    var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Fuzz.swappingNulAndNewline(Array($0)) }
        .filter { (try? TreePath(RawPath(bytes: $0))) != nil }
    var records: [[UInt8]] = []
    var expected: [[UInt8]: [UInt8]?] = [:]
    var index = 0
    while !lines.isEmpty {
        let renamed = index % 3 == 1 && lines.count >= 2
        index += 1
        records.append(Array((renamed ? "R075" : index % 2 == 0 ? "M" : "A").utf8))
        let oldPath = renamed ? lines.removeFirst() : nil
        if let oldPath { records.append(oldPath) }
        let path = lines.removeFirst()
        records.append(path)
        let key = normalized(path)
        if expected[key] == nil { expected[key] = .some(oldPath.map(normalized)) }
    }
    var arguments = ["--stdin", "-z", "--format", "json"]
    if words.contains("name") { arguments += ["--sort", "name"] }
    if words.contains("input") { arguments += ["--sort", "input"] }
    if words.contains("no-flatten") { arguments.append("--no-flatten") }
    let stdin = records.isEmpty ? [] : Array(records.joined(separator: [0])) + [0]
    let outcome = Fuzz.run(arguments, input: stdin, directory: directory, terminal: words.contains("pretty"))
    Fuzz.check(outcome.status == 0, "status \(outcome.status): \(String(decoding: outcome.error, as: UTF8.self))")
    let document = Fuzz.parseJSON(outcome.output)
    var seen: [[UInt8]: [UInt8]?] = [:]
    for file in Fuzz.files(document) {
        guard let path = Fuzz.pathBytes(file, "path") else { fatalError("fuzz check failed: file without path") }
        Fuzz.check(seen[path] == nil, "\(path) listed twice")
        seen[path] = .some(Fuzz.pathBytes(file, "oldPath"))
    }
    Fuzz.check(seen == expected, "files differ: expected \(expected), got \(seen)")
    let treePaths = Fuzz.treeFilePaths(document)
    Fuzz.check(treePaths.count == seen.count && Set(treePaths) == Set(seen.keys), "the tree's files differ from files")
    return 0
}

private func normalized(_ path: [UInt8]) -> [UInt8] {
    (try? TreePath(RawPath(bytes: path)))?.normalized.bytes ?? path
}
