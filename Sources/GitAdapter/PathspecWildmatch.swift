/// git's `wildmatch`: shell-style matching of `*`, `?`, `[…]` and `\` on bytes, where `**`
/// and `pathname` mode (no wildcard matches `/`; `**/` matches any number of directories)
/// behave as in git. Without `pathname`, `*` and `?` match `/` too (pathspecs without
/// `:(glob)`). `caseFold` folds ASCII letters only, as git does.
struct PathspecWildmatch {
    let pathname: Bool
    let caseFold: Bool

    private enum Outcome { case match, noMatch, abortAll, abortToStarStar }

    /// Whether `text` matches `pattern` as a whole.
    func matches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        pattern.withUnsafeBufferPointer { pattern in
            text.withUnsafeBufferPointer { text in
                Run(pattern: pattern, text: text, pathname: pathname, caseFold: caseFold).wild(0, 0) == .match
            }
        }
    }

    private struct Run {
        let pattern: UnsafeBufferPointer<UInt8>
        let text: UnsafeBufferPointer<UInt8>
        let pathname: Bool
        let caseFold: Bool

        /// The byte at `index`, or 0 past the end (the C string's terminator).
        func p(_ index: Int) -> UInt8 { index < pattern.count ? pattern[index] : 0 }
        func t(_ index: Int) -> UInt8 { index < text.count ? text[index] : 0 }
        func folded(_ byte: UInt8) -> UInt8 { caseFold ? PathspecBytes.lower(byte) : byte }

        func wild(_ patternStart: Int, _ textStart: Int) -> Outcome {
            var pi = patternStart, ti = textStart
            while p(pi) != 0 {
                var pc = p(pi)
                var tc = t(ti)
                if tc == 0 && pc != UInt8(ascii: "*") { return .abortAll }
                tc = folded(tc)
                pc = folded(pc)
                switch pc {
                case UInt8(ascii: "?"):
                    if pathname && tc == UInt8(ascii: "/") { return .noMatch }
                case UInt8(ascii: "*"):
                    switch star(&pi, &ti, tc) {
                    case .some(let outcome): return outcome
                    case .none: break
                    }
                case UInt8(ascii: "["):
                    if let outcome = bracket(&pi, tc) { return outcome }
                default:
                    if pc == UInt8(ascii: "\\") {
                        pi += 1
                        pc = p(pi)
                    }
                    if tc != pc { return .noMatch }
                }
                pi += 1
                ti += 1
            }
            return ti < text.count ? .noMatch : .match
        }

        /// A `*` or `**` at `pi`: the outcome, or `nil` to go on after a `/` it consumed.
        private func star(_ pi: inout Int, _ ti: inout Int, _ current: UInt8) -> Outcome? {
            let slash = UInt8(ascii: "/")
            let matchSlash: Bool
            pi += 1
            if p(pi) == UInt8(ascii: "*") {
                let previous = pi - 2
                repeat { pi += 1 } while p(pi) == UInt8(ascii: "*")
                if !pathname {
                    matchSlash = true
                } else if (previous < 0 || p(previous) == slash)
                            && (p(pi) == 0 || p(pi) == slash || (p(pi) == UInt8(ascii: "\\") && p(pi + 1) == slash)) {
                    if p(pi) == slash && wild(pi + 1, ti) == .match { return .match }
                    matchSlash = true
                } else {
                    matchSlash = false
                }
            } else {
                matchSlash = !pathname
            }
            if p(pi) == 0 {
                if !matchSlash && text[ti...].contains(slash) { return .noMatch }
                return .match
            }
            if !matchSlash && p(pi) == slash {
                guard let next = text[ti...].firstIndex(of: slash) else { return .noMatch }
                ti = next
                return nil
            }
            var tc = current
            while tc != 0 {
                if !PathspecBytes.isGlobSpecial(p(pi)) {
                    let pc = folded(p(pi))
                    while true {
                        tc = t(ti)
                        if tc == 0 || (!matchSlash && tc == slash) { break }
                        tc = folded(tc)
                        if tc == pc { break }
                        ti += 1
                    }
                    if tc != pc { return .noMatch }
                }
                let outcome = wild(pi, ti)
                if outcome != .noMatch {
                    if !matchSlash || outcome != .abortToStarStar { return outcome }
                } else if !matchSlash && tc == slash {
                    return .abortToStarStar
                }
                ti += 1
                tc = t(ti)
            }
            return .abortAll
        }

        /// A bracket expression at `pi`, left on its `]`: `nil` when `current` is in it.
        private func bracket(_ pi: inout Int, _ current: UInt8) -> Outcome? {
            pi += 1
            var pc = p(pi)
            if pc == UInt8(ascii: "^") { pc = UInt8(ascii: "!") }
            let negated = pc == UInt8(ascii: "!")
            if negated {
                pi += 1
                pc = p(pi)
            }
            var previous: UInt8 = 0
            var matched = false
            repeat {
                if pc == 0 { return .abortAll }
                if pc == UInt8(ascii: "\\") {
                    pi += 1
                    pc = p(pi)
                    if pc == 0 { return .abortAll }
                    if current == pc { matched = true }
                } else if pc == UInt8(ascii: "-") && previous != 0 && p(pi + 1) != 0 && p(pi + 1) != UInt8(ascii: "]") {
                    pi += 1
                    pc = p(pi)
                    if pc == UInt8(ascii: "\\") {
                        pi += 1
                        pc = p(pi)
                        if pc == 0 { return .abortAll }
                    }
                    if current <= pc && current >= previous {
                        matched = true
                    } else if caseFold && PathspecBytes.isLower(current) {
                        let upper = current - 0x20
                        if upper <= pc && upper >= previous { matched = true }
                    }
                    pc = 0
                } else if pc == UInt8(ascii: "[") && p(pi + 1) == UInt8(ascii: ":") {
                    pi += 2
                    let start = pi
                    while p(pi) != 0 && p(pi) != UInt8(ascii: "]") { pi += 1 }
                    if p(pi) == 0 { return .abortAll }
                    let length = pi - start - 1
                    if length < 0 || p(pi - 1) != UInt8(ascii: ":") {
                        pi = start - 2
                        pc = UInt8(ascii: "[")
                        if current == pc { matched = true }
                    } else {
                        let name = String(decoding: pattern[start..<(start + length)], as: UTF8.self)
                        guard let inClass = PathspecBytes.isInClass(current, name, caseFold: caseFold) else { return .abortAll }
                        if inClass { matched = true }
                        pc = 0
                    }
                } else if current == pc {
                    matched = true
                }
                previous = pc
                pi += 1
                pc = p(pi)
            } while pc != UInt8(ascii: "]")
            if matched == negated || (pathname && current == UInt8(ascii: "/")) { return .noMatch }
            return nil
        }
    }
}
