import TreeModel

/// Builds a ``PathList`` over an input: paths that lie in the input as they are are kept as
/// ranges of it; paths that had to be unquoted or normalized are copied after it.
struct ChangeListPathBuilder {
    private var ranges: [Range<Int>] = []
    private var copied: [UInt8] = []
    private var copiedEntries: [Int] = []

    /// Reserves room for the paths of an input of `inputSize` bytes, guessed from the first
    /// path's length, once: before the first path.
    @inline(__always)
    mutating func reserveOnce(inputSize: Int, firstLength: Int) {
        if ranges.isEmpty && ranges.capacity == 0 {
            ranges = largeBuffer(capacity: inputSize / max(8, firstLength) + 16)
        }
    }

    /// A path that lies in the input at `range`.
    @inline(__always)
    mutating func append(inPlace range: Range<Int>) {
        ranges.append(range)
    }

    /// A path that is not in the input as it is.
    mutating func append(_ path: RawPath) {
        copiedEntries.append(ranges.count)
        ranges.append(copied.count..<(copied.count + path.bytes.count))
        copied.append(contentsOf: path.bytes)
    }

    /// The paths, over `input` followed by the copied paths.
    func pathList(of input: [UInt8]) -> PathList {
        guard !copied.isEmpty else { return PathList(bytes: input, ranges: ranges) }
        var bytes = input
        var ranges = ranges
        let offset = bytes.count
        bytes.append(contentsOf: copied)
        for entry in copiedEntries {
            ranges[entry] = (ranges[entry].lowerBound + offset)..<(ranges[entry].upperBound + offset)
        }
        return PathList(bytes: bytes, ranges: ranges)
    }
}
