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
        /// The changes, in input order (duplicates kept: the tree keeps the first); empty
        /// when the input was a bare path list read into ``paths``.
        var changes: [FileChange]
        /// The paths of a bare path list (one per line), kept in one buffer.
        var paths: PathList? = nil
        /// Whether the input was bare paths, which may not name a path both as a file and a directory.
        var isBarePaths: Bool
    }

    /// Parses `input`; `nulSeparated` for `-z` output.
    static func read(_ input: [UInt8], nulSeparated: Bool) throws -> ChangeList {
        nulSeparated ? try readNulSeparated(input) : try readLines(input)
    }

    private static func readLines(_ input: [UInt8]) throws -> ChangeList {
        var changes: [FileChange] = []
        var ranges: [Range<Int>] = []
        var extra: [UInt8] = []
        var extraEntries: [Int] = []
        var isNameStatus: Bool?
        try input.withUnsafeBufferPointer { buffer in
            var start = 0
            var number = 0
            while start < buffer.count {
                let (next, mayNeedNormalizing) = scanLine(buffer, from: start)
                var end = next
                let lineStart = start
                start = next + 1
                number += 1
                if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                if end == lineStart { continue }
                let nameStatus = isNameStatus ?? {
                    let line = input[lineStart..<end]
                    let decided = line.firstIndex(of: UInt8(ascii: "\t")).map { statusCode(line[..<$0]) != nil } ?? false
                    isNameStatus = decided
                    if !decided { ranges = largeBuffer(capacity: buffer.count / max(8, end - lineStart) + 16) }
                    return decided
                }()
                if !nameStatus {
                    let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<end])
                    let isNormal = line[0] != UInt8(ascii: "\"") && (mayNeedNormalizing
                        ? TreePath.isNormalFile(line)
                        : line[line.count - 1] != UInt8(ascii: "/"))
                    if isNormal {
                        // Already a plain, normalized path: used where it lies.
                        ranges.append(lineStart..<end)
                    } else {
                        let path = try barePath(input[lineStart..<end], line: number)
                        extraEntries.append(ranges.count)
                        ranges.append(extra.count..<(extra.count + path.bytes.count))
                        extra.append(contentsOf: path.bytes)
                    }
                    continue
                }
                let fields = input[lineStart..<end].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                guard let code = statusCode(fields[0]) else {
                    throw InputError(description: "line \(number): '\(String(decoding: fields[0], as: UTF8.self))' is not a git status")
                }
                let paths = try fields.dropFirst().map { try checkedPath(try GitUnquote.path($0, line: number), line: number) }
                changes.append(try makeChange(code, paths: paths, line: number))
            }
        }
        guard isNameStatus != true else { return ChangeList(changes: changes, isBarePaths: false) }
        var bytes = input
        if !extra.isEmpty {
            // Paths that had to be unquoted or normalized follow the input.
            let offset = bytes.count
            bytes.append(contentsOf: extra)
            for entry in extraEntries {
                ranges[entry] = (ranges[entry].lowerBound + offset)..<(ranges[entry].upperBound + offset)
            }
        }
        return ChangeList(changes: [], paths: PathList(bytes: bytes, ranges: ranges), isBarePaths: true)
    }

    /// A bare path line, unquoted and validated.
    private static func barePath(_ line: ArraySlice<UInt8>, line number: Int) throws -> RawPath {
        try checkedPath(try GitUnquote.path(line, line: number), line: number)
    }

    /// The number of lines, counting a last one without a newline.
    private static func lineCount(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in buffer where byte == UInt8(ascii: "\n") { count += 1 }
        return count + (buffer.last == UInt8(ascii: "\n") ? 0 : 1)
    }

    /// The index of the next newline at or after `start`, or the end of the input.
    /// A mask with the high bit set in exactly the bytes of `word` that are zero
    /// (as ``ByteScan/zeroBytes(_:)``, kept here so that it is inlined).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & lows) &+ lows) | word | lows)
    }

    /// Finds the end of the line starting at `start` (its newline, or the end of the input),
    /// eight bytes at a time, and whether a slash or a dot follows a slash or the line's start:
    /// only then can a piece be empty, `.` or `..` (besides a trailing slash).
    private static func scanLine(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, mayNeedNormalizing: Bool) {
        var index = start
        var suspicious: UInt64 = 0
        var afterSlash: UInt64 = 0x80
        while index + 8 <= buffer.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self))
            let slashes = zeroBytes(word ^ 0x2F2F_2F2F_2F2F_2F2F)
            let hits = ((slashes << 8) | afterSlash) & (slashes | zeroBytes(word ^ 0x2E2E_2E2E_2E2E_2E2E))
            let newlines = zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            if newlines != 0 {
                let length = newlines.trailingZeroBitCount / 8
                suspicious |= length == 0 ? 0 : hits & (UInt64.max >> UInt64(64 - 8 * length))
                return (index + length, suspicious != 0)
            }
            suspicious |= hits
            afterSlash = (slashes >> 56) & 0x80
            index += 8
        }
        var previousWasSlash = afterSlash != 0
        while index < buffer.count && buffer[index] != UInt8(ascii: "\n") {
            let byte = buffer[index]
            if previousWasSlash && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) { suspicious = 1 }
            previousWasSlash = byte == UInt8(ascii: "/")
            index += 1
        }
        return (index, suspicious != 0)
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
