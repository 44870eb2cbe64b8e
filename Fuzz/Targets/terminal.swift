/// Terminal escaping and width fitting (TerminalText, the tree on a terminal): no control byte survives; rows fit; UTF-8 stays whole.
///
/// Input: a header line of words (a number: the terminal width; `ascii`, `color`, `names`,
/// `nerd`, `no-flatten`, `depth`), then one path per line (NUL stands for a LF inside a path).
/// The valid paths become a `--name-status -z` change list (renames and copies among them)
/// that the command draws as a tree on a terminal of that width (or refuses, when paths with
/// an ESC byte make it look like git's colored output). The output must be valid
/// UTF-8 with no C0, DEL or C1 control except LF and, with color, complete SGR sequences;
/// every row must fit the width (raised, where needed, to what the deepest row's guides,
/// status, icon and two shortened halves take). `TerminalText.escaped` of the raw input must
/// be just as clean, and `TerminalText.append` must report its display width.
import Render
import TreeModel

private let directory = Fuzz.makeScratchDirectory("terminal")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    checkEscaping(input)
    let (header, body) = Fuzz.splitHeader(input)
    let words = Fuzz.words(header)
    let ascii = words.contains("ascii"), color = words.contains("color")
    let icons = words.contains("names") ? "names" : words.contains("nerd") ? "nerd" : "none"
    var records: [[UInt8]] = []
    var deepest = 1
    let statuses = ["M", "R087", "A", "D", "C100", "T", "?", "U"]
    var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Fuzz.swappingNulAndNewline(Array($0)) }
        .filter { (try? TreePath(RawPath(bytes: $0))) != nil }
    var index = 0
    while !lines.isEmpty {
        let status = statuses[index % statuses.count]
        index += 1
        let paired = status.hasPrefix("R") || status.hasPrefix("C")
        if paired && lines.count < 2 { continue }
        records.append(Array(status.utf8))
        if paired { records.append(lines.removeFirst()) }
        let path = lines.removeFirst()
        let pieces = ((try? TreePath(RawPath(bytes: path)))?.normalized.bytes.filter { $0 == UInt8(ascii: "/") }.count ?? 0) + 1
        deepest = max(deepest, pieces)
        records.append(path)
    }
    let iconRoom = icons == "names" ? 40 : icons == "nerd" ? 3 : 0
    let ellipsisWidth = ascii ? 3 : 1
    let floor = 4 * deepest + 3 + iconRoom + 2 * (ellipsisWidth + 2)
    let width = max(words.compactMap { Int($0) }.first.map { min($0, 1000) } ?? 80, floor)
    var arguments = ["--stdin", "-z", "--format", "tree", "--color=" + (color ? "always" : "never"),
                     "--charset", ascii ? "ascii" : "unicode", "--icons", icons]
    if words.contains("no-flatten") { arguments.append("--no-flatten") }
    if words.contains("depth") { arguments += ["--depth", "1"] }
    let stdin = records.isEmpty ? [] : Array(records.joined(separator: [0])) + [0]
    let outcome = Fuzz.run(arguments, input: stdin, directory: directory, environment: ["COLUMNS": String(width)], terminal: true)
    if outcome.status == 2, stdin.contains(0x1B),
       outcome.error.starts(with: Array("treereview: stdin: this looks like colored output".utf8)) {
        Fuzz.checkUsageError(outcome, "paths with escape sequences")
        return 0   // the change list reader refuses what looks like git's colored output
    }
    Fuzz.check(outcome.status == 0, "status \(outcome.status): \(String(decoding: outcome.error, as: UTF8.self))")
    guard let text = String(validating: outcome.output, as: UTF8.self) else {
        fatalError("fuzz check failed: the tree is not valid UTF-8: \(outcome.output)")
    }
    let plain = withoutSGR(text, allowed: color)
    checkNoControls(plain, allowingNewline: true, "tree output")
    for line in plain.split(separator: "\n").dropFirst() {
        let lineWidth = TerminalText.displayWidth(of: String(line))
        Fuzz.check(lineWidth <= width, "row wider than \(width) (\(lineWidth)): \(line.debugDescription)")
    }
    return 0
}

/// `TerminalText.escaped` and `append` on the raw bytes.
private func checkEscaping(_ input: [UInt8]) {
    let escaped = TerminalText.escaped(input)
    checkNoControls(escaped, allowingNewline: false, "escaped text")
    var appended: [UInt8] = []
    let width = TerminalText.append(input, to: &appended)
    Fuzz.check(appended.elementsEqual(escaped.utf8), "append and escaped differ")
    Fuzz.check(width == TerminalText.displayWidth(of: escaped), "append reports width \(width), the text takes \(TerminalText.displayWidth(of: escaped))")
}

private func checkNoControls(_ text: String, allowingNewline: Bool, _ what: String) {
    for scalar in text.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        Fuzz.check(allowingNewline && scalar == "\n", "\(what) holds control U+\(String(scalar.value, radix: 16)): \(text.debugDescription)")
    }
}

/// `text` without its SGR sequences (`ESC [ digits/semicolons m`), which only color may add;
/// any other ESC is left in place for ``checkNoControls``.
private func withoutSGR(_ text: String, allowed: Bool) -> String {
    guard allowed else { return text }
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.first {
        if scalar == "\u{1B}", scalars.dropFirst().first == "[" {
            let rest = scalars.dropFirst(2)
            if let end = rest.firstIndex(where: { !("0"..."9").contains($0) && $0 != ";" }), rest[end] == "m" {
                scalars = rest[rest.index(after: end)...]
                continue
            }
        }
        result.append(scalar)
        scalars = scalars.dropFirst()
    }
    return String(result)
}
