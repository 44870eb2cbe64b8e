/// A loose object file written by hand, for damaging repositories in tests: a zlib stream of
/// one stored (uncompressed) deflate block holding `header`, a NUL and `content`, so the
/// header may state any size, or be missing (`nil`).
public enum LooseObjectBytes {
    /// The file's bytes; `header` and `content` together hold at most 65,535 bytes.
    public static func make(header: String?, content: [UInt8]) -> [UInt8] {
        let data = (header.map { Array($0.utf8) + [0] } ?? []) + content
        precondition(data.count <= 0xFFFF)
        let length = UInt16(data.count)
        var bytes: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        bytes += data
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        return bytes + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    }
}
