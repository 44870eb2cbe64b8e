import TreeModel

/// Bare paths, the fast way: most lines are already normalized paths and are used where
/// they lie in the input, without a copy; the others are unquoted or normalized into bytes
/// that follow the input.
extension ChangeListReader {
    /// Paths one per line (`git diff --name-only`): a line in double quotes is unquoted as
    /// git quotes it.
    static func readBarePathLines(_ input: [UInt8]) throws -> ChangeList {
        var list = ChangeListPathBuilder()
        try input.withUnsafeBufferPointer { buffer in
            var start = 0
            var number = 0
            while start < buffer.count {
                let (next, mayNeedNormalizing) = scanLine(buffer, from: start)
                var end = next
                let lineStart = start
                start = next + 1
                number += 1
                if end > lineStart && buffer[end - 1] == carriageReturn { end -= 1 }
                if end == lineStart { continue }
                list.reserveOnce(inputSize: buffer.count, firstLength: end - lineStart)
                let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<end])
                let isNormal = line[0] != UInt8(ascii: "\"") && (mayNeedNormalizing
                    ? TreePath.isNormalFile(line)
                    : line[line.count - 1] != UInt8(ascii: "/"))
                if isNormal {
                    list.append(inPlace: lineStart..<end)
                } else {
                    list.append(try linePath(input[lineStart..<end], line: number))
                }
            }
        }
        return ChangeList(changes: [], paths: list.pathList(of: input), isBarePaths: true)
    }

    /// Paths each ending in a NUL (`git diff --name-only -z`, `git ls-files -z`), exact bytes.
    static func readBarePathRecords(_ input: [UInt8]) throws -> ChangeList {
        var list = ChangeListPathBuilder()
        try input.withUnsafeBufferPointer { buffer in
            var start = 0
            var number = 0
            while start < buffer.count {
                let end = ByteScan.firstIndex(of: 0, in: buffer, from: start)
                let recordStart = start
                start = end + 1
                number += 1
                if end == recordStart { continue }
                list.reserveOnce(inputSize: buffer.count, firstLength: end - recordStart)
                if TreePath.isNormalFile(UnsafeBufferPointer(rebasing: buffer[recordStart..<end])) {
                    list.append(inPlace: recordStart..<end)
                } else {
                    list.append(try recordPath(input[recordStart..<end], record: number))
                }
            }
        }
        return ChangeList(changes: [], paths: list.pathList(of: input), isBarePaths: true)
    }

    /// A mask with the high bit set in exactly the bytes of `word` that are zero
    /// (as `ByteScan.zeroBytes`, kept here so that it is inlined).
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
}
