/// Paths that carry nothing but themselves (a bare path list), kept in one byte buffer:
/// the compact form of `FileChange(status: nil, path:)` values, without one allocation per path.
public struct PathList: Sendable {
    /// The bytes the paths are taken from.
    public let bytes: [UInt8]
    /// Where each path lies in ``bytes``, in input order.
    public let ranges: [Range<Int>]

    /// Paths at `ranges` of `bytes`; each range must lie within `bytes`.
    public init(bytes: [UInt8], ranges: [Range<Int>]) {
        precondition(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= bytes.count }, "path range outside the bytes")
        self.bytes = bytes
        self.ranges = ranges
    }

    /// The number of paths.
    public var count: Int { ranges.count }

    /// The path at `index`.
    public subscript(index: Int) -> RawPath { RawPath(bytes: Array(bytes[ranges[index]])) }

    /// The path at `index` as a change without a status.
    public func change(at index: Int) -> FileChange { FileChange(status: nil, path: self[index]) }

    /// Every path as a change without a status, in input order.
    public var changes: [FileChange] { ranges.indices.map(change(at:)) }
}
