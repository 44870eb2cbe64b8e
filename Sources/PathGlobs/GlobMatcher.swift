/// A glob's compiled state, shared by the copies of a `Glob`: the program, the fast path if
/// the pattern has one of its shapes, and the literals that let most paths be refused at once.
final class GlobMatcher: Sendable {
    let bytes: [UInt8]
    let program: GlobProgram?
    let negated: Bool
    let fastPath: GlobFastPath?
    let literals: GlobLiterals?

    init(_ units: [UInt16]) {
        bytes = Array(String(decoding: units, as: UTF16.self).utf8)
        let (node, negated) = GlobRoutes.compile(units)
        self.negated = negated
        program = node.map { GlobProgram($0) }
        fastPath = GlobFastPath(units)
        literals = negated ? nil : node.map(GlobLiterals.init).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// picomatch's answer (`plain`: the path is known to be ``Glob/isPlainPath(utf8:)``): an empty path never matches, the pattern itself always does.
    func matches(_ path: UnsafeBufferPointer<UInt8>, plain: Bool = false) -> Bool {
        if path.count == bytes.count, isPattern(path) { return true }
        if path.isEmpty { return false }
        if let fastPath { return fastPath.matches(path, plain: plain) }
        if let literals, !literals.admits(path) { return false }
        return matchesByProgram(path)
    }

    private func isPattern(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices where path[index] != bytes[index] { return false }
        return !path.isEmpty
    }

    /// The answer of the compiled program alone (no fast path, no literals).
    func matchesByProgram(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        if path.isEmpty { return false }
        if path.count == bytes.count, isPattern(path) { return true }
        guard let program else { return false }
        return PathUnits.withUnits(of: path) { units in
            var machine = GlobMachine(program: program, units: units)
            return machine.matches()
        }
    }
}
