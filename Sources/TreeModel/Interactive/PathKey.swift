/// Path bytes as a dictionary key, hashed as one buffer rather than byte by byte.
struct PathKey: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
