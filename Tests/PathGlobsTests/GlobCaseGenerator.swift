import TestSupport

/// Makes glob patterns from a grammar of picomatch's features (hostile characters included),
/// each with paths built to nearly match it, and counts which features it used.
struct GlobCaseGenerator {
    enum Feature: String, CaseIterable {
        case star, globstar, questionMark, braces, nestedBraces, range, characterClass, negatedClass, posixClass,
             unbalancedBracket, extglobNot, extglobAt, extglobStar, extglobPlus, extglobOptional, nestedExtglob,
             escape, negation, trailingSlash, dotSlashPrefix, doubleSlash, controlCharacter, nonASCII, metacharacter,
             dotSegment, filterShape
    }

    /// One piece of a generated pattern: its text, and how to make text it matches.
    indirect enum Part {
        case literal(String)
        case star, globstar, questionMark
        case characterClass(String, members: [String])
        case braces([[Part]])
        case range(String, String)
        case extglob(Character, [[Part]])
        case escaped(Character)
        case raw(String, sample: String)
    }

    private(set) var rng: SeededGenerator
    private(set) var counts: [Feature: Int] = [:]

    init(seed: UInt64) { rng = SeededGenerator(state: seed) }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
    private mutating func count(_ feature: Feature) { counts[feature, default: 0] += 1 }

    static let words = ["a", "b", "ab", "src", "x.y", "foo", ".git", "index.ts", "a.md", "é", "日本", "z-1", "A_B", ".", "..", "v1.2"]
    static let hostile = ["\t", "\u{1}", "\u{7F}", "\n", " ", "$", "^", "+", ".", "|", "(", ")", "=", "#", "%", "~", "\u{2028}", "😀", "\u{FFFD}"]

    static let filterPatterns = [
        "src/**", "**/*.md", "*.md", "**/Package.swift", "docs/**/*.md", "src/**/*.{ts,tsx}", ".github/**", "!**/*.test.ts",
        "!src/**", "src/a.ts", "**/*.test.ts", "./src/**", "!*.md", "packages/pkg1/**", "*-x", "**/*-test.js", "./**/*.md",
        "src//**", "**/..", "**/src/**", "!**/docs/**", "**/a.b/**", "**/./**", "!.github/**", "*.{yml,yaml}", "!**/Package.swift", "a/**/b.md", "**/a.b", "!a/b", "docs/**/*-x",
    ]
    static let directories = ["src", "docs", "a", ".github", "workflows", "packages", "pkg1", ".", "..", "", "x\ny", "é", "b"]
    static let names = ["a.md", "b.ts", "c.tsx", "d.test.ts", "Package.swift", "x-test.js", "a.b", "b.md", ".md", "\n.md", "a.md/", "x.yml", "a-x", "..", "\u{2028}x.md"]

    /// A pattern in a shape CI filters use, and paths near it.
    private mutating func filterCase() -> (pattern: String, paths: [[UInt8]]) {
        count(.filterShape)
        let pattern = pick(Self.filterPatterns)
        var paths: [[UInt8]] = []
        for _ in 0..<16 {
            let depth = Int.random(in: 0...3, using: &rng)
            let path = ((0..<depth).map { _ in pick(Self.directories) } + [pick(Self.names)]).joined(separator: "/")
            paths.append(mutate(Array(path.utf8)))
        }
        return (pattern, paths)
    }

    /// A pattern and the paths to ask about it.
    mutating func next() -> (pattern: String, paths: [[UInt8]]) {
        if chance(25) { return filterCase() }
        var segments: [[Part]] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) { segments.append(segment(depth: 0)) }
        var prefix = ""
        if chance(12) { prefix = pick(["!", "!", "!!", "!!!"]); count(.negation) }
        if chance(8) { prefix += "./"; count(.dotSlashPrefix) }
        let doubled = chance(6)
        if doubled { count(.doubleSlash) }
        let trailing = chance(10)
        if trailing { count(.trailingSlash) }
        let separator = doubled ? "//" : "/"
        let pattern = prefix + segments.map { $0.map(render).joined() }.joined(separator: separator) + (trailing ? "/" : "")
        var paths: [[UInt8]] = []
        for _ in 0..<12 {
            var path = segments.map { parts in parts.map { sample($0) }.joined() }.joined(separator: chance(90) ? separator : "/")
            if trailing && chance(70) { path += "/" }
            if prefix.hasPrefix("!"), chance(30) { path = pick(Self.words) }
            paths.append(mutate(Array(path.utf8)))
        }
        for _ in 0..<4 { paths.append(Array(randomPath().utf8)) }
        paths.append(Array(pattern.utf8))
        return (pattern, paths.map { $0.isEmpty ? [UInt8(ascii: "a")] : $0 })
    }

    private mutating func randomPath() -> String {
        (0..<Int.random(in: 1...4, using: &rng)).map { _ in pick(Self.words + Self.hostile) }.joined(separator: "/")
    }

    private mutating func mutate(_ path: [UInt8]) -> [UInt8] {
        var path = path
        guard chance(35), !path.isEmpty else { return path }
        let at = Int.random(in: 0..<path.count, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: path.remove(at: at)
        case 1: path.insert(pick(Array("a./-\n".utf8) + [0xFF, 0xC3, 0x80]), at: at)
        case 2: path[at] = pick(Array("b/.*".utf8))
        case 3: path.insert(contentsOf: Array("/..".utf8), at: at)
        case 4: path += Array("/x".utf8)
        default: path.insert(contentsOf: [0xE2, 0x80, 0xA8], at: at)
        }
        return path
    }

    private mutating func segment(depth: Int) -> [Part] {
        if depth == 0, chance(15) { count(.globstar); return [.globstar] }
        var parts: [Part] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) { parts.append(part(depth: depth)) }
        return parts
    }

    private mutating func part(depth: Int) -> Part {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<22:
            let word = pick(Self.words)
            if word.contains("é") || word.contains("日") { count(.nonASCII) }
            if word == "." || word == ".." { count(.dotSegment) }
            return .literal(word)
        case 22..<34: count(.star); return .star
        case 34..<40: count(.questionMark); return .questionMark
        case 40..<50: return characterClass()
        case 50..<60:
            count(.braces)
            var alternatives: [[Part]] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                if depth < 2, chance(20) { count(.nestedBraces); alternatives.append([part(depth: depth + 1)]) } else {
                    alternatives.append(chance(70) ? [.literal(pick(Self.words))] : [part(depth: depth + 1)])
                }
            }
            return .braces(alternatives)
        case 60..<64:
            count(.range)
            return pick([.range("1", "3"), .range("a", "c"), .range("c", "a"), .range("1", "10"), .range("x", "")])
        case 64..<78:
            guard depth < 3 else { return .star }
            let kind = pick(Array("!@*+?"))
            switch kind {
            case "!": count(.extglobNot)
            case "@": count(.extglobAt)
            case "*": count(.extglobStar)
            case "+": count(.extglobPlus)
            default: count(.extglobOptional)
            }
            if depth > 0 { count(.nestedExtglob) }
            var alternatives: [[Part]] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                alternatives.append((0..<Int.random(in: 1...2, using: &rng)).map { _ in
                    chance(50) ? .literal(pick(["a", "b", "ab", "x.y", ".d", "/", "c/d"])) : part(depth: depth + 1)
                })
            }
            return .extglob(kind, alternatives)
        case 78..<86:
            count(.escape)
            return .escaped(pick(Array("*?[]{}()!@+.,|\\ab")))
        default:
            let text = pick(Self.hostile)
            if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { count(.controlCharacter) } else if text.unicodeScalars.contains(where: { $0.value > 0x7F }) { count(.nonASCII) } else { count(.metacharacter) }
            if chance(15) {
                count(.unbalancedBracket)
                return .raw("[" + text, sample: "[" + text)
            }
            return .raw(text, sample: text)
        }
    }

    private mutating func characterClass() -> Part {
        count(.characterClass)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return .characterClass("[abc]", members: ["a", "b", "c", "[abc]"])
        case 1: return .characterClass("[a-z]", members: ["a", "m", "z", "A"])
        case 2: count(.negatedClass); return .characterClass("[!a]", members: ["!", "a", "b"])
        case 3: count(.negatedClass); return .characterClass("[^a-c]", members: ["a", "d", "/", "é"])
        case 4: count(.posixClass); return .characterClass(pick(["[[:alpha:]]", "[[:digit:]x]", "[[:space:]]", "[[:punct:]]", "[[:foo:]]"]), members: ["a", "1", " ", "x", "."])
        case 5: count(.unbalancedBracket); return .characterClass(pick(["[", "[a", "]", "a]", "[]", "[]a]", "[a\\]"]), members: ["[", "[a", "]", "a]", "a"])
        case 6: return .characterClass(pick(["[.]", "[/]", "[-a]", "[a-]", "[\\]a]", "[*?]", "[a-a]"]), members: [".", "/", "-", "a", "]", "*"])
        default: return .characterClass(pick(["[ab]+", "[0-9]*", "[xy]?"]), members: ["a", "aa", "0", "x", ""])
        }
    }

    private func render(_ part: Part) -> String {
        switch part {
        case .literal(let text): return text
        case .star: return "*"
        case .globstar: return "**"
        case .questionMark: return "?"
        case .characterClass(let text, _): return text
        case .braces(let alternatives): return "{" + alternatives.map { $0.map(render).joined() }.joined(separator: ",") + "}"
        case .range(let low, let high): return "{\(low)..\(high)}"
        case .extglob(let kind, let alternatives): return "\(kind)(" + alternatives.map { $0.map(render).joined() }.joined(separator: "|") + ")"
        case .escaped(let character): return "\\\(character)"
        case .raw(let text, _): return text
        }
    }

    private mutating func sample(_ part: Part) -> String {
        switch part {
        case .literal(let text): return text
        case .star: return pick(["", "a", "xy", ".", ".md", "é", "a.b"])
        case .globstar: return pick(["", "a", "a/b", ".x/y", "a/../b", "./a", "c"])
        case .questionMark: return pick(["a", ".", "é", "😀", "/", "ab"])
        case .characterClass(_, let members): return pick(members)
        case .braces(let alternatives): return pick(alternatives).map { sample($0) }.joined()
        case .range(let low, let high): return pick([low, high, "2", "b", "0"])
        case .extglob(let kind, let alternatives):
            let times = kind == "!" ? Int.random(in: 0...1, using: &rng) : kind == "?" || kind == "@" ? 1 : Int.random(in: 0...2, using: &rng)
            return (0..<times).map { _ in pick(alternatives).map { sample($0) }.joined() }.joined() + (kind == "!" ? pick(["", "q", "a"]) : "")
        case .escaped(let character): return String(character)
        case .raw(_, let sample): return sample
        }
    }
}
