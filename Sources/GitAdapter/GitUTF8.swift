/// git's reading of UTF-8 where it cuts text at the first byte that does not decode
/// (`pick_one_utf8_char`, used by `sane_truncate_line` on hunk headers).
enum GitUTF8 {
    /// The longest prefix of `bytes` that decodes.
    static func validPrefix(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var index = 0
        while index < bytes.count {
            guard let length = sequenceLength(bytes, at: index) else { break }
            index += length
        }
        return bytes[..<index]
    }

    /// The length of the character at `index`, `nil` when it does not decode.
    private static func sequenceLength(_ s: [UInt8], at index: Int) -> Int? {
        let remainder = s.count - index
        let lead = s[index]
        func continuation(_ offset: Int) -> Bool { s[index + offset] & 0xC0 == 0x80 }
        if lead < 0x80 { return 1 }
        if lead & 0xE0 == 0xC0 {
            guard remainder >= 2, continuation(1), lead & 0xFE != 0xC0 else { return nil }
            return 2
        }
        if lead & 0xF0 == 0xE0 {
            guard remainder >= 3, continuation(1), continuation(2) else { return nil }
            let second = s[index + 1]
            if lead == 0xE0 && second & 0xE0 == 0x80 { return nil }
            if lead == 0xED && second & 0xE0 == 0xA0 { return nil }
            if lead == 0xEF && second == 0xBF && s[index + 2] & 0xFE == 0xBE { return nil }
            return 3
        }
        if lead & 0xF8 == 0xF0 {
            guard remainder >= 4, continuation(1), continuation(2), continuation(3) else { return nil }
            let second = s[index + 1]
            if lead == 0xF0 && second & 0xF0 == 0x80 { return nil }
            if (lead == 0xF4 && second > 0x8F) || lead > 0xF4 { return nil }
            return 4
        }
        return nil
    }
}
