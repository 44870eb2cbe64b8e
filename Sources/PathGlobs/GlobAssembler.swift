/// Assembles pieces into a tree, reading the syntax units as a JavaScript regular expression
/// without the `u` flag reads them. Returns nil where JavaScript would refuse the expression
/// (picomatch then matches nothing).
struct GlobAssembler {
    private let pieces: [GlobPiece]
    private var index = 0

    init(_ pieces: [GlobPiece]) { self.pieces = pieces }

    static func assemble(_ pieces: [GlobPiece]) -> GlobNode? {
        var assembler = GlobAssembler(pieces)
        guard let node = assembler.disjunction(), assembler.index == pieces.count else { return nil }
        return node
    }

    private var current: GlobPiece? { index < pieces.count ? pieces[index] : nil }
    private func syntax(at offset: Int = 0) -> UInt16? {
        guard index + offset < pieces.count, case .syntax(let unit) = pieces[index + offset] else { return nil }
        return unit
    }

    private mutating func disjunction() -> GlobNode? {
        var alternatives: [GlobNode] = []
        while true {
            guard let alternative = alternative() else { return nil }
            alternatives.append(alternative)
            guard syntax() == 0x7C else { break }
            index += 1
        }
        return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
    }

    private mutating func alternative() -> GlobNode? {
        var terms: [GlobNode] = []
        while let piece = current, syntax() != 0x7C, syntax() != 0x29 {
            guard let (atom, quantifiable) = atom(piece) else { return nil }
            guard let term = quantified(atom, quantifiable: quantifiable) else { return nil }
            terms.append(term)
        }
        return terms.count == 1 ? terms[0] : .sequence(terms)
    }

    private mutating func quantified(_ atom: GlobNode, quantifiable: Bool) -> GlobNode? {
        guard let bounds = quantifier() else { return atom }
        guard quantifiable, bounds.maximum.map({ $0 >= bounds.minimum }) ?? true else { return nil }
        if syntax() == 0x3F { index += 1 }
        return .repeated(atom, minimum: bounds.minimum, maximum: bounds.maximum)
    }

    /// A quantifier here (consumed), if there is one.
    private mutating func quantifier() -> (minimum: Int, maximum: Int?)? {
        switch syntax() {
        case 0x2A: index += 1; return (0, nil)
        case 0x2B: index += 1; return (1, nil)
        case 0x3F: index += 1; return (0, 1)
        case 0x7B:
            var offset = 1
            func number() -> Int? {
                var value: Int?
                while let unit = syntax(at: offset), (0x30...0x39).contains(unit) {
                    value = min((value ?? 0) * 10 + Int(unit - 0x30), 1 << 30)
                    offset += 1
                }
                return value
            }
            guard let minimum = number() else { return nil }
            var maximum: Int? = minimum
            if syntax(at: offset) == 0x2C {
                offset += 1
                maximum = number()
            }
            guard syntax(at: offset) == 0x7D else { return nil }
            index += offset + 1
            return (minimum, maximum)
        default: return nil
        }
    }

    private mutating func atom(_ piece: GlobPiece) -> (GlobNode, Bool)? {
        index += 1
        guard case .syntax(let unit) = piece else {
            guard case .node(let node, let quantifiable, _) = piece else { return nil }
            return (node, quantifiable)
        }
        switch unit {
        case 0x5E: return (.assertion(.start), false)
        case 0x24: return (.assertion(.end), false)
        case 0x2E: return (.any, true)
        case 0x2A, 0x2B, 0x3F: return nil
        case 0x7B:
            index -= 1
            if quantifier() != nil { return nil }
            index += 1
            return (.unit(unit), true)
        case 0x5C: return escape()
        case 0x5B: return characterClass().map { ($0, true) }
        case 0x28: return group()
        default: return (.unit(unit), true)
        }
    }

    private mutating func group() -> (GlobNode, Bool)? {
        var lookahead: Bool?
        if syntax() == 0x3F {
            switch syntax(at: 1) {
            case 0x3A: lookahead = nil
            case 0x3D: lookahead = false
            case 0x21: lookahead = true
            default: return nil
            }
            index += 2
        }
        guard let inner = disjunction(), syntax() == 0x29 else { return nil }
        index += 1
        if let negated = lookahead { return (.lookahead(inner, negated: negated), true) }
        return (inner, true)
    }

    private mutating func escape() -> (GlobNode, Bool)? {
        guard let unit = syntax() else { return nil }
        index += 1
        switch unit {
        case 0x62: return (.assertion(.wordBoundary), false)
        case 0x42: return (.assertion(.notWordBoundary), false)
        default:
            if let set = Self.classEscape(unit) { return (.set(set), true) }
            return (.unit(Self.escapedUnit(unit)), true)
        }
    }

    static func escapedUnit(_ unit: UInt16) -> UInt16 {
        switch unit {
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        case 0x66: return 0x0C
        case 0x76: return 0x0B
        case 0x30: return 0x00
        default: return unit
        }
    }

    static let digits: [ClosedRange<UInt16>] = [0x30...0x39]
    static let word: [ClosedRange<UInt16>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    static let space: [ClosedRange<UInt16>] = [0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
                                               0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF]

    static func classEscape(_ unit: UInt16) -> GlobUnitSet? {
        switch unit {
        case 0x64: return GlobUnitSet(ranges: digits, negated: false)
        case 0x44: return GlobUnitSet(ranges: digits, negated: true)
        case 0x77: return GlobUnitSet(ranges: word, negated: false)
        case 0x57: return GlobUnitSet(ranges: word, negated: true)
        case 0x73: return GlobUnitSet(ranges: space, negated: false)
        case 0x53: return GlobUnitSet(ranges: space, negated: true)
        default: return nil
        }
    }

    static func complement(_ ranges: [ClosedRange<UInt16>]) -> [ClosedRange<UInt16>] {
        var result: [ClosedRange<UInt16>] = []
        var next: UInt32 = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if UInt32(range.lowerBound) > next { result.append(UInt16(next)...(range.lowerBound - 1)) }
            next = max(next, UInt32(range.upperBound) + 1)
        }
        if next <= 0xFFFF { result.append(UInt16(next)...0xFFFF) }
        return result
    }

    private enum ClassAtom { case unit(UInt16), set([ClosedRange<UInt16>]) }

    private mutating func classAtom() -> ClassAtom? {
        guard let unit = syntax() else { return nil }
        index += 1
        guard unit == 0x5C else { return .unit(unit) }
        guard let escaped = syntax() else { return nil }
        index += 1
        if let set = Self.classEscape(escaped) { return .set(set.negated ? Self.complement(set.ranges) : set.ranges) }
        return .unit(escaped == 0x62 ? 0x08 : Self.escapedUnit(escaped))
    }

    private mutating func characterClass() -> GlobNode? {
        var negated = false
        if syntax() == 0x5E {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt16>] = []
        while true {
            guard let unit = syntax() else { return nil }
            if unit == 0x5D {
                index += 1
                break
            }
            guard let first = classAtom() else { return nil }
            if syntax() == 0x2D, let after = syntax(at: 1), after != 0x5D {
                index += 1
                guard let second = classAtom() else { return nil }
                if case .unit(let low) = first, case .unit(let high) = second {
                    guard low <= high else { return nil }
                    ranges.append(low...high)
                    continue
                }
                for atom in [first, ClassAtom.unit(0x2D), second] {
                    switch atom {
                    case .unit(let unit): ranges.append(unit...unit)
                    case .set(let set): ranges += set
                    }
                }
                continue
            }
            switch first {
            case .unit(let unit): ranges.append(unit...unit)
            case .set(let set): ranges += set
            }
        }
        return .set(GlobUnitSet(ranges: ranges, negated: negated))
    }
}
