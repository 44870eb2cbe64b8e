import TreeModel

extension ChangeListReader {
    /// What a `--raw` line says before its paths: `:<old mode> <new mode> <old id> <new id> <status>`.
    struct RawHeader {
        let oldMode: UInt32
        let newMode: UInt32
        /// Where the object ids lie, from the start of the line.
        let oldID: Range<Int>
        let newID: Range<Int>
        let code: StatusCode
        /// Its length: the index of the tab after it, or the end of the bytes.
        let length: Int

        /// Reads the header at the start of `bytes`, which ends at a tab or with `bytes`;
        /// `nil` if there is none.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count >= 27, bytes[0] == UInt8(ascii: ":"),
                  let oldMode = Self.mode(bytes, at: 1), bytes[7] == space,
                  let newMode = Self.mode(bytes, at: 8), bytes[14] == space else { return nil }
            var index = 15
            guard let oldID = Self.objectID(bytes, from: &index), let newID = Self.objectID(bytes, from: &index) else { return nil }
            let end = ByteScan.firstIndex(of: tab, in: bytes, from: index)
            guard let code = StatusCode(bytes[index..<end]) else { return nil }
            (self.oldMode, self.newMode, self.oldID, self.newID, self.code, self.length) = (oldMode, newMode, oldID, newID, code, end)
        }

        /// Reads the header at the start of `bytes`.
        init?(_ bytes: ArraySlice<UInt8>) {
            guard let header = bytes.withUnsafeBufferPointer({ RawHeader($0) }) else { return nil }
            self = header
        }

        /// Six octal digits at `index`.
        private static func mode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 6)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) else { return nil }
                value = value * 8 + UInt32(byte - UInt8(ascii: "0"))
            }
            return value
        }

        /// 4 to 64 hexadecimal digits at `index`, as `--abbrev` and `--no-abbrev` write them
        /// (the `...` older git put after abbreviated ids is left out), then a space; moves
        /// `index` past the space.
        private static func objectID(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Range<Int>? {
            let start = index
            var end = start
            while end < bytes.count && ChangeListLine.isHexDigit(bytes[end]) { end += 1 }
            guard (4...64).contains(end - start) else { return nil }
            var next = end
            if next + 3 <= bytes.count && bytes[next] == UInt8(ascii: ".") && bytes[next + 1] == UInt8(ascii: ".") && bytes[next + 2] == UInt8(ascii: ".") {
                next += 3
            }
            guard next < bytes.count, bytes[next] == space else { return nil }
            index = next + 1
            return start..<end
        }
    }
}
