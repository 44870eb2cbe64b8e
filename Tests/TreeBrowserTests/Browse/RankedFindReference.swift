import TestSupport
import TreeBrowser
import TreeModel

/// The ranking rules of Docs/TreeModel.md#ranked-find written plainly, one candidate at a
/// time from its path and tags, and random trees and queries to hold ranked find to them.
enum RankedFindReference {
    /// Lowercased (as Swift lowercases), without spaces, `&`, `-` and `_`.
    static func normalize(_ bytes: [UInt8]) -> [UInt8] {
        String(decoding: bytes, as: UTF8.self).lowercased().utf8.filter { !" &-_".utf8.contains($0) }
    }

    static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= text.count else { return false }
        return (0...(text.count - needle.count)).contains { Array(text[$0..<($0 + needle.count)]) == needle }
    }

    /// How `candidate` matches the normalized query `query`: 1000, 500, 300, 100, or `nil`.
    static func score(_ candidate: FindCandidate, _ query: [UInt8]) -> Int? {
        let name = normalize(Array(candidate.path.normalized.basename))
        if name == query { return 1000 }
        if name.starts(with: query) { return 500 }
        if contains(normalize(candidate.path.identity), query) { return 300 }
        if candidate.tags.contains(where: { contains(normalize(Array($0.utf8)), query) }) { return 100 }
        return nil
    }

    /// The indices of `candidates` matching `query`, for each score (1000, 500, 300, 100),
    /// in tree order: best score first, ties in tree order.
    static func ranking(_ candidates: [FindCandidate], _ query: [UInt8]) -> [[Int32]] {
        var kinds: [[Int32]] = [[], [], [], []]
        for (index, candidate) in candidates.enumerated() {
            guard let score = score(candidate, query) else { continue }
            kinds[[1000, 500, 300, 100].firstIndex(of: score)!].append(Int32(index))
        }
        return kinds
    }

    /// Name pieces: ASCII and not, upper case, `-`, `_`, spaces and `&`, long ones (longer
    /// than a text's parent context), names that normalize to nothing, and bytes that are not UTF-8.
    static let pieces: [[UInt8]] = [
        "Model", "model", "mode", "ModelView.swift", "view", "View-Model", "read me.md", "READ_ME", "a&b", "Été",
        "été.txt", "ÜBER_Plan", "straße", "İstanbul", "ΣΟΦΙΑ", "σοφία.md", "x", "xy", "m", "Mo", "-", "__",
        "Rock & Roll", "very-long-directory-name", "AnotherQuiteLongModuleName", "src", "Sources", "lib.c",
    ].map { Array($0.utf8) } + [[0xFF] + Array("Notes.TXT".utf8), Array("caf".utf8) + [0xC3]]

    static let statuses = ["added", "modified", "deleted", "renamed", "typeChanged", "untracked"]
    static let fileTypes = ["lang-swift", "lang-markdown", "file", "Été-Type", "folder_src"]

    /// A random tree's files and directories in tree (depth-first) order, with tags; some
    /// directories are left out, so that their contents have no parent among the candidates.
    static func candidates(_ random: inout SeededGenerator) -> (all: [FindCandidate], kept: [FindCandidate]) {
        var all: [FindCandidate] = []
        func fill(_ parent: [UInt8]?, depth: Int) {
            var used: Set<[UInt8]> = []
            for _ in 0..<Int.random(in: 1...(depth == 0 ? 6 : 4), using: &random) {
                var name = pieces.randomElement(using: &random)!
                if Bool.random(using: &random) { name += Array("\(Int.random(in: 0..<10, using: &random))".utf8) }
                guard used.insert(name).inserted else { continue }
                let isDirectory = depth < 4 && Int.random(in: 0..<3, using: &random) == 0
                let bytes = (parent.map { $0 + [UInt8(ascii: "/")] } ?? []) + name
                let path = try! TreePath(RawPath(bytes: bytes + (isDirectory ? [UInt8(ascii: "/")] : [])))
                var tags: [String] = []
                if !isDirectory || Bool.random(using: &random) { tags.append(statuses.randomElement(using: &random)!) }
                if !isDirectory { tags.append(fileTypes.randomElement(using: &random)!) }
                all.append(FindCandidate(path: path, tags: tags))
                if isDirectory { fill(bytes, depth: depth + 1) }
            }
        }
        fill(nil, depth: 0)
        let kept = all.filter { !$0.path.isDirectory || Int.random(in: 0..<8, using: &random) != 0 }
        return (all, kept)
    }

    /// A query as someone would type it: a piece of a candidate's identity or tag (its case
    /// changed, spaces, `-` and `_` put in), a few letters, or something found nowhere.
    static func query(for candidates: [FindCandidate], _ random: inout SeededGenerator) -> String {
        let candidate = candidates.randomElement(using: &random)!
        let source: String
        switch Int.random(in: 0..<10, using: &random) {
        case 0: source = candidate.tags.randomElement(using: &random) ?? "added"
        case 1: return ["m", "mo", "mod", "x", "a", "é", "zzq", "/", "s/"].randomElement(using: &random)!
        default: source = candidate.path.description
        }
        let characters = Array(source)
        let start = Int.random(in: 0..<characters.count, using: &random)
        let end = min(characters.count, start + Int.random(in: 1...32, using: &random))
        var text = ""
        for character in characters[start..<end] {
            text += Bool.random(using: &random) ? character.uppercased() : String(character)
            if Int.random(in: 0..<8, using: &random) == 0 { text += [" ", "-", "_"].randomElement(using: &random)! }
        }
        return text
    }
}
