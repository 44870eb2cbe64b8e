/// A repository path split once into its `/`-separated segments, for matching many
/// patterns against it without copying.
struct PathSegments {
    /// The whole path's bytes.
    let bytes: [UInt8]
    /// Where each segment starts and ends in `bytes`; empty pieces (`a//b`) are left out.
    let ranges: [Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var ranges: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            if index > start { ranges.append(start..<index) }
            start = index + 1
        }
        if bytes.count > start { ranges.append(start..<bytes.count) }
        self.ranges = ranges
    }

    /// The number of segments.
    var count: Int { ranges.count }

    /// The bytes of the first segment, or nothing for an empty path.
    var first: ArraySlice<UInt8> {
        guard let range = ranges.first else { return [] }
        return bytes[range]
    }
}
