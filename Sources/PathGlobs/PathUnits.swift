/// A path's UTF-8 bytes as the UTF-16 units JavaScript sees after decoding them as Node does
/// (each maximal invalid subsequence becomes one U+FFFD).
enum PathUnits {
    /// Calls `body` with the units of `bytes`.
    static func withUnits<Result>(of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt16>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bytes.count) { buffer in
            var count = 0
            var at = 0
            let n = bytes.count
            while at < n {
                let lead = bytes[at]
                if lead < 0x80 {
                    buffer[count] = UInt16(lead); count += 1; at += 1
                    continue
                }
                var need = 0, scalar: UInt32 = 0, low: UInt8 = 0x80, high: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: need = 1; scalar = UInt32(lead & 0x1F)
                case 0xE0: need = 2; scalar = 0; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: need = 2; scalar = UInt32(lead & 0x0F)
                case 0xED: need = 2; scalar = 0x0D; high = 0x9F
                case 0xF0: need = 3; scalar = 0; low = 0x90
                case 0xF1...0xF3: need = 3; scalar = UInt32(lead & 0x07)
                case 0xF4: need = 3; scalar = 4; high = 0x8F
                default:
                    buffer[count] = 0xFFFD; count += 1; at += 1
                    continue
                }
                at += 1
                var complete = true
                for index in 0..<need {
                    guard at < n, bytes[at] >= (index == 0 ? low : 0x80), bytes[at] <= (index == 0 ? high : 0xBF) else {
                        complete = false
                        break
                    }
                    scalar = scalar << 6 | UInt32(bytes[at] & 0x3F)
                    at += 1
                }
                guard complete else {
                    buffer[count] = 0xFFFD; count += 1
                    continue
                }
                if scalar >= 0x10000 {
                    let offset = scalar - 0x10000
                    buffer[count] = UInt16(0xD800 + (offset >> 10)); count += 1
                    buffer[count] = UInt16(0xDC00 + (offset & 0x3FF)); count += 1
                } else {
                    buffer[count] = UInt16(scalar); count += 1
                }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
