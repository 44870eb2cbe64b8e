/// linguist's default rules (``LinguistDefaults``) arranged so that a path costs a few hash
/// lookups: a rule on a file's name (`*.min.js`, `Cargo.lock`) is found by the path's last
/// piece; a rule on a directory's name (`vendor/`, `/deps/`) by each directory's name; any
/// other rule (`**/gradle/wrapper/`) runs as its automaton, one step per directory.
///
/// Directory answers are kept per directory by ``LinguistClassifier``; the answer for a path
/// is the same as trying every rule's ``PathPattern`` on it.
final class LinguistIndex: Sendable {
    /// Rules that match the last piece of a path at any depth, or (anchored) of a
    /// one-piece path.
    let files: SegmentTable
    /// Rules that match a directory above the path by its name, at any depth or (anchored)
    /// the first one.
    let directories: SegmentTable
    /// The other rules, run as automata.
    let automata: [PathPattern]
    /// The kinds each automaton gives.
    let automatonKinds: [LinguistKinds]
    /// The automata that match files (``PathPattern/matchesItself``), by number.
    let fileAutomata: [Int]

    init(_ rules: [(rule: LinguistRule, kinds: LinguistKinds)]) {
        var files: [SegmentTable.Entry] = [], directories: [SegmentTable.Entry] = []
        var automata: [PathPattern] = [], automatonKinds: [LinguistKinds] = []
        for (rule, kinds) in rules {
            let pattern = rule.compiled
            let segments = pattern.segments
            let anchored = segments.count == 1
            let single = anchored || (segments.count == 2 && segments[0] == .anyPath)
            guard single, let last = segments.last, last != .anyPath, pattern.matchesItself != pattern.matchesDescendants else {
                automata.append(pattern)
                automatonKinds.append(kinds)
                continue
            }
            let entry = SegmentTable.Entry(matcher: last, ignoringCase: pattern.ignoringCase, onlyFirst: anchored, kinds: kinds)
            if pattern.matchesItself { files.append(entry) } else { directories.append(entry) }
        }
        self.files = SegmentTable(files)
        self.directories = SegmentTable(directories)
        self.automata = automata
        self.automatonKinds = automatonKinds
        fileAutomata = automata.indices.filter { automata[$0].matchesItself }
    }
}
