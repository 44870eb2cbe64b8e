import TreeModel

/// The owners of a directory row: everyone who owns a file below it.
public struct DirectoryOwners: Hashable, Sendable {
    /// Every owner of a file below, once each, sorted (ignoring case, then exactly).
    public var owners: [String]
    /// Whether some file below has no owner.
    public var hasUnownedFiles: Bool

    /// A row with these owners (already sorted) and unowned flag.
    public init(owners: [String] = [], hasUnownedFiles: Bool = false) {
        self.owners = owners
        self.hasUnownedFiles = hasUnownedFiles
    }
}

/// Rolls file owners up to their directories (see `Docs/Annotations.md#directory-owners`).
///
/// Each distinct owner list gets a number, each distinct set of numbers another; a file
/// adds its list's number to its directory and each directory above, stopping at the first
/// that has it already (every directory above that one has it too). Files sharing owners,
/// and directories sharing sets, cost little.
public enum OwnerRollUp {
    /// For every directory above the given files (the root is the empty path), the sorted
    /// set of their owners and whether any of them is unowned.
    public static func directories<Files: Sequence>(of files: Files) -> [RawPath: DirectoryOwners]
    where Files.Element == (path: RawPath, owners: [String]) {
        var lists = Interner<[String]>()
        var sets = Interner<[Int]>()
        _ = sets.number(of: [])
        var adding: [SetAndList: Int] = [:]
        var setBelow: [RawPath: Int] = [:]
        for file in files {
            let list = lists.number(of: file.owners)
            var directory = file.path.parent
            while true {
                let key = RawPath(bytes: Array(directory))
                let current = setBelow[key] ?? 0
                if sets.values[current].contains(list) { break }
                let step = SetAndList(set: current, list: list)
                let next = adding[step] ?? {
                    let number = sets.number(of: (sets.values[current] + [list]).sorted())
                    adding[step] = number
                    return number
                }()
                setBelow[key] = next
                if directory.isEmpty { break }
                directory = directory.lastIndex(of: UInt8(ascii: "/")).map { directory[..<$0] } ?? []
            }
        }
        var rows: [Int: DirectoryOwners] = [:]
        return setBelow.mapValues { number in
            if let row = rows[number] { return row }
            let numbers = sets.values[number]
            let row = DirectoryOwners(
                owners: sorted(Set(numbers.flatMap { lists.values[$0] })),
                hasUnownedFiles: numbers.contains { lists.values[$0].isEmpty })
            rows[number] = row
            return row
        }
    }

    /// Each file's owners from `codeOwners`, rolled up.
    public static func directories(of paths: [RawPath], in codeOwners: CodeOwners) -> [RawPath: DirectoryOwners] {
        directories(of: paths.lazy.map { (path: $0, owners: codeOwners.owners(of: $0)) })
    }

    /// Owners ordered ignoring case, ties broken by their exact bytes.
    static func sorted(_ owners: Set<String>) -> [String] {
        owners.sorted { a, b in
            let x = a.lowercased(), y = b.lowercased()
            return x != y ? x.utf8.lexicographicallyPrecedes(y.utf8) : a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }
}

/// Numbers distinct values in the order they are first seen.
private struct Interner<Value: Hashable> {
    private(set) var values: [Value] = []
    private var numbers: [Value: Int] = [:]

    mutating func number(of value: Value) -> Int {
        if let number = numbers[value] { return number }
        values.append(value)
        numbers[value] = values.count - 1
        return values.count - 1
    }
}

/// A set of owner lists and a list to add to it.
private struct SetAndList: Hashable {
    let set: Int
    let list: Int
}
