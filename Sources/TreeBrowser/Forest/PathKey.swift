import TreeModel

/// A node's identity as a dictionary key: its normalized path bytes and whether it is a
/// directory (a change set may hold a file and a directory of one name: `src` and `src/`).
/// The bytes are hashed as one buffer rather than byte by byte.
struct PathKey: Hashable, Sendable {
    let bytes: [UInt8]
    let isDirectory: Bool

    init(_ bytes: [UInt8], isDirectory: Bool) {
        self.bytes = bytes
        self.isDirectory = isDirectory
    }

    init(_ path: TreePath) { self.init(path.normalized.bytes, isDirectory: path.isDirectory) }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(isDirectory)
    }
}
