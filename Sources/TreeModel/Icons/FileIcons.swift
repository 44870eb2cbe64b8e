/// The icons of a tree's files, each resolved once, on first use (Docs/TreeModel.md#icons):
/// every renderer of a run asks here, however often it meets a file.
///
/// Distinct resolutions are kept once, numbered in the order they were first met, so a
/// renderer can prepare the drawing of each distinct icon once as well.
public struct FileIcons: Sendable {
    /// The resolver asked.
    public let resolver: IconResolver
    private let changeTree: ChangeTree
    /// For each node, 1 + the number of its resolution, or 0 while not resolved.
    private var numbers: [Int32] = []
    private var known: [IconResolution: Int32] = [:]
    /// Every distinct resolution met so far; ``number(ofFile:)`` indexes it.
    public private(set) var resolutions: [IconResolution] = []

    /// The icons of the files of `changeTree`, resolved by `resolver` from each file's name
    /// and mode (a symlink has an icon of its own).
    public init(changeTree: ChangeTree, resolver: IconResolver) {
        self.changeTree = changeTree
        self.resolver = resolver
    }

    /// The number of the icon of file node `node` in ``resolutions``, resolving it on first use.
    public mutating func number(ofFile node: Int) -> Int {
        if numbers.isEmpty { numbers = [Int32](repeating: 0, count: changeTree.tree.slots.count) }
        let stored = numbers[node]
        if stored > 0 { return Int(stored) - 1 }
        let change = changeTree.change(at: node)
        let resolution = resolver.resolveFile(named: changeTree.tree.name(of: node), mode: change?.newMode ?? change?.oldMode)
        let number: Int32
        if let existing = known[resolution] {
            number = existing
        } else {
            number = Int32(resolutions.count)
            known[resolution] = number
            resolutions.append(resolution)
        }
        numbers[node] = number + 1
        return Int(number)
    }

    /// The icon of file node `node`, resolving it on first use.
    public mutating func icon(ofFile node: Int) -> IconResolution {
        resolutions[number(ofFile: node)]
    }
}
