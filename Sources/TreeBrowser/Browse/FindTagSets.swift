/// The distinct tag lists of ranked find's candidates, each kept once with its normalized
/// texts: candidates share few of them (a status and a file type), so a query decides once
/// per list whether one of its tags contains the query, and a candidate's tag test is then
/// one look-up.
struct FindTagSets: Sendable {
    /// Each distinct tag list, as given.
    private(set) var lists: [[String]] = []
    /// Each list's tags, normalized as ``FindQuery`` normalizes them.
    private var normalizedLists: [[[UInt8]]] = []
    private var numbers: [[String]: Int32] = [:]

    /// The number of `tags`, added when it is new.
    mutating func number(of tags: [String]) -> Int32 {
        if let known = numbers[tags] { return known }
        let number = Int32(lists.count)
        lists.append(tags)
        normalizedLists.append(tags.map { tag in
            var tag = tag
            return tag.withUTF8 { FindQuery.normalize($0) }
        })
        numbers[tags] = number
        return number
    }

    /// For each list, whether one of its tags contains `query`.
    func matches(_ query: FindQuery) -> [Bool] {
        normalizedLists.map { tags in tags.contains { FindQuery.bytes($0, contain: query.normalized) } }
    }
}
