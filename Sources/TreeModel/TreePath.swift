/// A validated, normalized tree path: relative, `/`-separated, no `..`, with empty and `.`
/// pieces dropped. A path whose raw text ends in `/` (or whose last piece is `.`) is a
/// directory; its identity ends in `/`.
public struct TreePath: Hashable, Sendable, CustomStringConvertible {
    /// The normalized pieces joined by `/`, without a trailing slash.
    public let normalized: RawPath
    /// Whether the path names a directory.
    public let isDirectory: Bool

    /// Validates and normalizes `raw`.
    public init(_ raw: RawPath) throws(TreePathError) {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = raw.bytes
        if bytes.first == slash { throw .absolute(raw) }
        if Self.isNormalFile(bytes) {
            self.normalized = raw
            self.isDirectory = false
            return
        }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var lastPieceWasDot = false
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: slash) ?? bytes.count
            let piece = bytes[start..<end]
            if piece.count == 2 && piece.first == dot && piece.last == dot { throw .parentReference(raw) }
            lastPieceWasDot = piece.count == 1 && piece.first == dot
            if !piece.isEmpty && !lastPieceWasDot {
                if !normalized.isEmpty { normalized.append(slash) }
                normalized.append(contentsOf: piece)
            }
            start = end + 1
        }
        if normalized.isEmpty { throw .empty(raw) }
        self.normalized = RawPath(bytes: normalized)
        self.isDirectory = bytes.last == slash || lastPieceWasDot
    }

    /// Whether `bytes` is already a normalized file path: no empty, `.` or `..` piece and no
    /// trailing slash. Most input is, and then needs no copy.
    private static func isNormalFile(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isNormalFile($0) }
    }

    /// Whether `buffer` is already a normalized, valid file path: relative, no empty, `.` or
    /// `..` piece and no trailing slash (so ``init(_:)-(RawPath)`` would keep it as it is).
    package static func isNormalFile(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var pieceStart = 0
        while true {
            let end = ByteScan.firstIndex(of: UInt8(ascii: "/"), in: buffer, from: pieceStart)
            let length = end - pieceStart
            if length == 0 { return false }
            if buffer[pieceStart] == UInt8(ascii: "."), length == 1 || (length == 2 && buffer[pieceStart + 1] == UInt8(ascii: ".")) {
                return false
            }
            if end == buffer.count { return true }
            pieceStart = end + 1
        }
    }

    /// Validates and normalizes a path given as text.
    public init(_ text: String) throws(TreePathError) {
        try self.init(RawPath(text))
    }

    /// The identity: the normalized path, plus `/` for a directory.
    public var identity: [UInt8] {
        isDirectory ? normalized.bytes + [UInt8(ascii: "/")] : normalized.bytes
    }

    public var description: String { String(decoding: identity, as: UTF8.self) }
}

/// Why a path was rejected; each case carries the raw input.
public enum TreePathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path starting with `/`.
    case absolute(RawPath)
    /// A path with a `..` piece.
    case parentReference(RawPath)
    /// A path with nothing left after normalizing (`""`, `.`, `./`).
    case empty(RawPath)
    /// A path given both as a file and as a directory (`src` and `src/a.c`).
    case fileAndDirectory(RawPath)

    public var description: String {
        switch self {
        case .absolute(let raw): "absolute path '\(raw.lossyString)': paths must be relative"
        case .parentReference(let raw): "path '\(raw.lossyString)' contains '..'"
        case .empty(let raw): "empty path '\(raw.lossyString)'"
        case .fileAndDirectory(let raw): "'\(raw.lossyString)' is both a file and a directory"
        }
    }
}

extension TreePath {
    /// A path whose bytes are already known to be normalized (a prepared tree's names joined
    /// by `/`, none of them empty, `.` or `..`): kept as they are, without checking again.
    package init(trustedNormalized normalized: RawPath, isDirectory: Bool) {
        self.normalized = normalized
        self.isDirectory = isDirectory
    }

    /// Whether a name joined to its parent's path by `/` stays normalized: not empty, `.` or
    /// `..` (a name a ``TreePath`` would rewrite or refuse).
    package static func keepsName(_ name: ArraySlice<UInt8>) -> Bool {
        name.withUnsafeBufferPointer { keepsName($0) }
    }

    /// ``keepsName(_:)-(ArraySlice<UInt8>)`` of a name read in place (``NodeView/name``).
    package static func keepsName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !name.isEmpty else { return false }
        return !name.allSatisfy { $0 == UInt8(ascii: ".") } || name.count > 2
    }
}

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
