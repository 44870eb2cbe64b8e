/// A glob's tree flattened into instructions for `GlobMachine`.
struct GlobProgram: Sendable, Hashable {
    enum Instruction: Sendable, Hashable {
        case unit(UInt16)
        case set(GlobUnitSet)
        case any
        case split(Int, Int)
        case jump(Int)
        case assertion(GlobAssertion)
        /// Runs the subprogram at `start` here; continues at `next` if it reaches its `.accept` (or, negated, if not).
        case lookahead(start: Int, next: Int, negated: Bool, index: Int)
        case accept
    }

    private(set) var instructions: [Instruction] = []
    private(set) var lookaheadCount = 0

    /// The program of `node`, which matches when it reaches `.accept`.
    init(_ node: GlobNode) {
        emit(node)
        instructions.append(.accept)
    }

    private mutating func emit(_ node: GlobNode) {
        switch node {
        case .unit(let unit): instructions.append(.unit(unit))
        case .set(let set): instructions.append(.set(set))
        case .any: instructions.append(.any)
        case .assertion(let assertion): instructions.append(.assertion(assertion))
        case .sequence(let nodes): for node in nodes { emit(node) }
        case .choice(let nodes):
            guard let last = nodes.last else { return }
            var jumps: [Int] = []
            for node in nodes.dropLast() {
                let split = instructions.count
                instructions.append(.jump(0))
                emit(node)
                jumps.append(instructions.count)
                instructions.append(.jump(0))
                instructions[split] = .split(split + 1, instructions.count)
            }
            emit(last)
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case .repeated(let body, let minimum, let maximum):
            for _ in 0..<minimum { emit(body) }
            if let maximum {
                var splits: [Int] = []
                for _ in minimum..<max(minimum, maximum) {
                    splits.append(instructions.count)
                    instructions.append(.jump(0))
                    emit(body)
                }
                for split in splits { instructions[split] = .split(split + 1, instructions.count) }
            } else {
                let loop = instructions.count
                instructions.append(.jump(0))
                emit(body)
                instructions.append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        case .lookahead(let body, let negated):
            let index = lookaheadCount
            lookaheadCount += 1
            let at = instructions.count
            instructions.append(.jump(0))
            emit(body)
            instructions.append(.accept)
            instructions[at] = .lookahead(start: at + 1, next: instructions.count, negated: negated, index: index)
        }
    }
}
