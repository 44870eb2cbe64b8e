import Foundation

/// Whether paths exist in the working tree, as git checks files outside a sparse checkout's
/// patterns: one `lstat` per path, skipping the paths of a directory already found missing.
struct PresenceProbe {
    let workdir: [UInt8]
    private var missingDirectory: [UInt8]?

    init(workdir: [UInt8]) { self.workdir = workdir }

    mutating func exists(_ path: [UInt8]) -> Bool {
        if let missingDirectory, path.starts(with: missingDirectory) { return false }
        if Self.lstatSucceeds(workdir + path) { return true }
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let directory = Array(path[...slash])
        if !Self.lstatSucceeds(workdir + directory) { missingDirectory = directory }
        return false
    }

    private static func lstatSucceeds(_ path: [UInt8]) -> Bool {
        var status = stat()
        return path.withCString { lstat($0, &status) } == 0
    }
}
