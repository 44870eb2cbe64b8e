/// Runs a `GlobProgram` over a path's UTF-16 units by depth-first search over the states
/// (instruction, position), visiting each state at most once per search: a pattern/path pair
/// costs at most instructions × (units + 1) steps for each search, and a lookahead is searched
/// at most once per position, so no pattern makes matching exponential.
struct GlobMachine: ~Copyable {
    private let program: [GlobProgram.Instruction]
    private let units: UnsafeBufferPointer<UInt16>
    private let width: Int
    private var stamps: [UInt32]
    private var lookaheads: [UInt8]
    private var stack: [(Int, Int)] = []
    private var generation: UInt32 = 0

    init(program: GlobProgram, units: UnsafeBufferPointer<UInt16>) {
        self.program = program.instructions
        self.units = units
        width = units.count + 1
        stamps = Array(repeating: 0, count: program.instructions.count * width)
        lookaheads = Array(repeating: 0, count: program.lookaheadCount * width)
    }

    /// Whether the program reaches its `.accept` from the start of the path.
    mutating func matches() -> Bool { search(from: 0, at: 0) }

    private mutating func search(from start: Int, at position: Int) -> Bool {
        generation += 1
        let mark = generation
        let base = stack.count
        stack.append((start, position))
        defer { stack.removeSubrange(base...) }
        while stack.count > base {
            var (pc, at) = stack.removeLast()
            while true {
                let slot = pc * width + at
                if stamps[slot] == mark { break }
                stamps[slot] = mark
                switch program[pc] {
                case .accept:
                    return true
                case .unit(let unit):
                    guard at < units.count, units[at] == unit else { break }
                    pc += 1; at += 1; continue
                case .set(let set):
                    guard at < units.count, set.contains(units[at]) else { break }
                    pc += 1; at += 1; continue
                case .any:
                    guard at < units.count, !units[at].isLineTerminator else { break }
                    pc += 1; at += 1; continue
                case .jump(let target):
                    pc = target; continue
                case .split(let first, let second):
                    stack.append((second, at))
                    pc = first; continue
                case .assertion(let assertion):
                    guard holds(assertion, at: at) else { break }
                    pc += 1; continue
                case .lookahead(let subprogram, let next, let negated, let index):
                    let memo = index * width + at
                    if lookaheads[memo] == 0 {
                        let found = search(from: subprogram, at: at)
                        lookaheads[memo] = found ? 1 : 2
                    }
                    guard (lookaheads[memo] == 1) != negated else { break }
                    pc = next; continue
                }
                break
            }
        }
        return false
    }

    private func unit(_ at: Int) -> UInt16? { at < units.count ? units[at] : nil }

    private func isDotSegment(at: Int) -> Bool {
        guard unit(at) == 0x2E else { return false }
        let next = unit(at + 1)
        if next == nil || next == 0x2F { return true }
        guard next == 0x2E else { return false }
        let after = unit(at + 2)
        return after == nil || after == 0x2F
    }

    private func holds(_ assertion: GlobAssertion, at: Int) -> Bool {
        switch assertion {
        case .start: return at == 0
        case .end: return at == units.count
        case .wordBoundary, .notWordBoundary:
            let before = at > 0 && units[at - 1].isWordUnit
            let after = at < units.count && units[at].isWordUnit
            return (before != after) == (assertion == .wordBoundary)
        case .notDotSegment: return !isDotSegment(at: at)
        case .notDotOrEmptySegment:
            guard let first = unit(at), first != 0x2F else { return false }
            if first == 0x2E, unit(at + 1) == nil || unit(at + 1) == 0x2F { return false }
            return true
        case .notDotSegmentAtSlash:
            if at == 0, isDotSegment(at: 0) { return false }
            return !(unit(at) == 0x2F && isDotSegment(at: at + 1))
        case .oneCharacter:
            guard let first = unit(at) else { return false }
            return !first.isLineTerminator
        }
    }
}
