/// A repository path kept as its exact bytes: git paths may be any bytes but NUL,
/// and need not be valid UTF-8.
public struct RawPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The path's bytes, `/`-separated, without a leading or trailing slash.
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public init(_ string: String) { self.bytes = Array(string.utf8) }

    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Byte order, the order git sorts paths in.
    public static func < (lhs: RawPath, rhs: RawPath) -> Bool {
        ByteOrder.compare(lhs.bytes, rhs.bytes) < 0
    }

    /// The path decoded as UTF-8, invalid sequences replaced by U+FFFD.
    public var lossyString: String { String(decoding: bytes, as: UTF8.self) }

    public var description: String { lossyString }

    /// The last `/`-separated piece.
    public var basename: ArraySlice<UInt8> {
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            return bytes[(slash + 1)...]
        }
        return bytes[...]
    }

    /// Everything before the last `/`, or an empty slice at the top level.
    public var parent: ArraySlice<UInt8> {
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            return bytes[..<slash]
        }
        return []
    }
}
