import TreeModel

/// Reads a change list from standard input: `git diff --name-status` output (with or
/// without `-M`, newline- or NUL-separated, paths in git's quoted form or raw), or bare
/// paths one per line, which carry no status.
struct ChangeListReader {
    /// A line that cannot be read, or a path that is not allowed.
    struct InputError: Error, CustomStringConvertible {
        let description: String
    }

    /// What was read.
    struct ChangeList {
        /// The changes, in input order (duplicates kept: the tree keeps the first).
        var changes: [FileChange]
        /// Whether the input was bare paths, which may not name a path both as a file and a directory.
        var isBarePaths: Bool
    }

    /// Parses `input`; `nulSeparated` for `-z` output.
    static func read(_ input: [UInt8], nulSeparated: Bool) throws -> ChangeList {
        nulSeparated ? try readNulSeparated(input) : try readLines(input)
    }

    private static func readLines(_ input: [UInt8]) throws -> ChangeList {
        var changes: [FileChange] = []
        changes.reserveCapacity(input.count / 48)
        var isNameStatus: Bool?
        var start = 0
        var number = 0
        while start < input.count {
            let end = lineEnd(in: input, from: start)
            number += 1
            var line = input[start..<end]
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.isEmpty { continue }
            let nameStatus = isNameStatus ?? {
                let decided = line.firstIndex(of: UInt8(ascii: "\t")).map { statusCode(line[..<$0]) != nil } ?? false
                isNameStatus = decided
                return decided
            }()
            if !nameStatus {
                let path = try checkedPath(try GitUnquote.path(line, line: number), line: number)
                changes.append(FileChange(status: nil, path: path))
                continue
            }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard let code = statusCode(fields[0]) else {
                throw InputError(description: "line \(number): '\(String(decoding: fields[0], as: UTF8.self))' is not a git status")
            }
            let paths = try fields.dropFirst().map { try checkedPath(try GitUnquote.path($0, line: number), line: number) }
            changes.append(try makeChange(code, paths: paths, line: number))
        }
        return ChangeList(changes: changes, isBarePaths: isNameStatus != true)
    }

    /// The index of the next newline at or after `start`, or the end of the input.
    private static func lineEnd(in input: [UInt8], from start: Int) -> Int {
        input.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count && buffer[index] != UInt8(ascii: "\n") { index += 1 }
            return index
        }
    }

    private static func readNulSeparated(_ input: [UInt8]) throws -> ChangeList {
        var fields = input.split(separator: 0, omittingEmptySubsequences: false)
        if fields.last?.isEmpty == true { fields.removeLast() }
        let isNameStatus = fields.count >= 2 && statusCode(fields[0]) != nil
        var changes: [FileChange] = []
        var index = 0
        var record = 0
        while index < fields.count {
            record += 1
            if !isNameStatus {
                let path = try checkedPath(RawPath(bytes: Array(fields[index])), line: record)
                index += 1
                changes.append(FileChange(status: nil, path: path))
                continue
            }
            guard let code = statusCode(fields[index]) else {
                throw InputError(description: "record \(record): '\(String(decoding: fields[index], as: UTF8.self))' is not a git status")
            }
            let count = code.letter == "R" || code.letter == "C" ? 2 : 1
            guard index + count < fields.count else {
                throw InputError(description: "record \(record): '\(String(decoding: fields[index], as: UTF8.self))' is missing its path")
            }
            let paths = try fields[(index + 1)...(index + count)].map { try checkedPath(RawPath(bytes: Array($0)), line: record) }
            index += 1 + count
            changes.append(try makeChange(code, paths: paths, line: record))
        }
        return ChangeList(changes: changes, isBarePaths: !isNameStatus)
    }

    private struct StatusCode {
        let letter: Character
        let score: Int?
    }

    /// `M`, `A`, `R096`, `C100`, `T`, `U`, `D`, `?` (and `X`, which git uses for unknown).
    private static func statusCode(_ bytes: ArraySlice<UInt8>) -> StatusCode? {
        guard let first = bytes.first, "AMDRCTUX?".utf8.contains(first) else { return nil }
        let digits = bytes.dropFirst()
        guard digits.count <= 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let score = digits.isEmpty ? nil : Int(String(decoding: digits, as: UTF8.self))
        return StatusCode(letter: Character(Unicode.Scalar(first)), score: score)
    }

    private static func makeChange(_ code: StatusCode, paths: [RawPath], line: Int) throws -> FileChange {
        let paired = code.letter == "R" || code.letter == "C"
        guard paths.count == (paired ? 2 : 1) else {
            throw InputError(description: "line \(line): status \(code.letter) needs \(paired ? "two paths" : "one path"), found \(paths.count)")
        }
        let status = ChangeStatus(letter: code.letter)
        return FileChange(status: status, path: paths[paired ? 1 : 0], oldPath: paired ? paths[0] : nil,
                          similarity: paired ? (code.score ?? 100) : nil)
    }

    private static func checkedPath(_ raw: RawPath, line: Int) throws -> RawPath {
        do {
            return try TreePath(raw).normalized
        } catch {
            throw InputError(description: "line \(line): \(error)")
        }
    }
}
