import Glibc

/// git's conversion of a working-tree file to the form it stores (`convert_to_git`), step by
/// step, on bytes: line endings (`crlf_to_git`), `$Id$` (`ident_to_git`) and a
/// `working-tree-encoding` (`encode_to_git`). The clean filter, which comes first, is
/// ``CleanFilter``'s; which steps apply to a path is ``ConversionRules``'.
enum ContentConversion {
    /// What git does with a file's line endings on the way in (`enum convert_crlf_action`,
    /// the output side folded away: every text action strips CR before LF the same way).
    enum LineEndings: Equatable, Sendable {
        /// `-text`, or no attribute and `core.autocrlf` false: nothing.
        case binary
        /// `text` (or `eol` set): every CRLF becomes LF.
        case text
        /// `text=auto`, or no attribute and `core.autocrlf` true or input: CRLF becomes LF
        /// in a file that looks like text and whose index blob has no CRLF.
        case auto
    }

    /// git's `struct text_stat`.
    struct Stats {
        var nul = 0, lonecr = 0, lonelf = 0, crlf = 0, printable = 0, nonprintable = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte == 13 {
                    if index < count && bytes[index] == 10 {
                        crlf += 1
                        index += 1
                    } else {
                        lonecr += 1
                    }
                    continue
                }
                if byte == 10 {
                    lonelf += 1
                } else if byte == 127 {
                    nonprintable += 1
                } else if byte < 32 {
                    switch byte {
                    case 8, 9, 27, 12: printable += 1
                    case 0:
                        nul += 1
                        nonprintable += 1
                    default: nonprintable += 1
                    }
                } else {
                    printable += 1
                }
            }
            if count >= 1 && bytes[count - 1] == 26 { nonprintable -= 1 }
        }

        /// git's `convert_is_binary`.
        var isBinary: Bool { lonecr > 0 || nul > 0 || (printable >> 7) < nonprintable }
    }

    /// Whether a blob's content counts as having CRLF line endings for `text=auto`
    /// (`has_crlf_in_index`): a CR, text by git's measure, with a CRLF.
    static func hasCRLF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, memchr(base, 13, bytes.count) != nil else { return false }
        let stats = Stats(bytes)
        return !stats.isBinary && stats.crlf > 0
    }

    /// `crlf_to_git`: the content with CR stripped as `action` says; `nil` when unchanged.
    /// `indexHasCRLF` is asked only when it decides.
    static func lineEndingsToGit(_ bytes: UnsafeRawBufferPointer, _ action: LineEndings,
                                 indexHasCRLF: () -> Bool) -> [UInt8]? {
        guard action != .binary, !bytes.isEmpty else { return nil }
        let stats = Stats(bytes)
        guard stats.crlf > 0 else { return nil }
        if action == .auto && (stats.isBinary || indexHasCRLF()) { return nil }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count - stats.crlf)
        let count = bytes.count
        for index in 0..<count {
            let byte = bytes[index]
            if byte == 13 && (action == .auto || (index + 1 < count && bytes[index + 1] == 10)) { continue }
            output.append(byte)
        }
        return output
    }

    /// `ident_to_git`: every `$Id: … $` collapsed to `$Id$`; `nil` when there is none.
    static func identToGit(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard countIdent(bytes) > 0 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var source = 0
        let end = bytes.count
        func find(_ byte: UInt8, from start: Int, to limit: Int) -> Int? {
            var index = start
            while index < limit {
                if bytes[index] == byte { return index }
                index += 1
            }
            return nil
        }
        while let dollar = find(36, from: source, to: end) {
            output.append(contentsOf: bytes[source...dollar])
            source = dollar + 1
            let left = end - source
            guard left > 3, bytes[source] == 73, bytes[source + 1] == 100, bytes[source + 2] == 58 else { continue }
            guard let closing = find(36, from: source + 3, to: end) else { break }
            if find(10, from: source + 3, to: closing) != nil { continue }
            output.append(contentsOf: [73, 100, 36])
            source = closing + 1
        }
        output.append(contentsOf: bytes[source..<end])
        return output
    }

    /// git's `count_ident`: how many `$Id$` and `$Id: … $` the content holds.
    private static func countIdent(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var index = 0
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte == 36 else { continue }
            if end - index < 3 { break }
            guard bytes[index] == 73, bytes[index + 1] == 100 else { continue }
            let next = bytes[index + 2]
            index += 3
            if next == 36 { count += 1 }
            guard next == 58 else { continue }
            while index < end {
                let inner = bytes[index]
                index += 1
                if inner == 36 {
                    count += 1
                    break
                }
                if inner == 10 { break }
            }
        }
        return count
    }
}
