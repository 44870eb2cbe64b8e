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
