import TestSupport
import TreeBrowser
import TreeModel

/// Random paths and changes for the property tests. Directories and files take their names
/// from separate pools, so paths never name a file and a directory alike, except on purpose:
/// now and then a file takes a directory's name (a clash), which a change set accepts and
/// a bare path list rejects.
struct PathGenerator {
    static let directoryNames = ["a", "b", "c", "D", "e1", "e10"]
    static let fileNames = ["f.swift", "g.md", "h", "i1", "i10", "i2", "Makefile"]
    let allowsClashes: Bool

    /// A path 1 to 5 pieces long: a file, or (one time in five) a directory.
    func path(_ random: inout SeededGenerator) -> TreePath {
        let depth = Int.random(in: 0...4, using: &random)
        var pieces = (0..<depth).map { _ in Self.directoryNames.randomElement(using: &random)! }
        if Int.random(in: 0..<5, using: &random) == 0 {
            pieces.append(Self.directoryNames.randomElement(using: &random)! + "/")
        } else if Int.random(in: 0..<12, using: &random) == 0 {
            pieces.append(Self.directoryNames.randomElement(using: &random)!)
        } else {
            pieces.append(Self.fileNames.randomElement(using: &random)!)
        }
        return tp(pieces.joined(separator: "/"))
    }

    /// A file path.
    func filePath(_ random: inout SeededGenerator) -> TreePath {
        while true {
            let path = path(&random)
            if !path.isDirectory { return path }
        }
    }

    /// `count` paths none of which clashes with another (unless clashes are allowed).
    func treePaths(count: Int, _ random: inout SeededGenerator) -> [TreePath] {
        var result: [TreePath] = []
        while result.count < count {
            let path = path(&random)
            if allowsClashes || !result.contains(where: { Self.clash(path, $0) }) { result.append(path) }
        }
        return result
    }

    /// Whether two paths make one path both a file and a directory.
    static func clash(_ a: TreePath, _ b: TreePath) -> Bool {
        func clashes(_ file: TreePath, _ other: TreePath) -> Bool {
            !file.isDirectory && (other.normalized == file.normalized && other.isDirectory
                || other.normalized.bytes.starts(with: file.normalized.bytes + [UInt8(ascii: "/")]))
        }
        return clashes(a, b) || clashes(b, a)
    }

    /// A change of a random file: any status; line counts (now and then more than 32 bits
    /// hold), binary, or content not read; sometimes an origin and modes.
    func change(_ random: inout SeededGenerator) -> FileChange {
        let status = ChangeStatus.allCases.randomElement(using: &random)!
        let kind = Int.random(in: 0..<12, using: &random)
        let binary: Bool? = kind < 2 ? true : kind == 2 ? nil : false
        let lines = kind == 3 ? 5_000_000_000...5_000_000_040 : 0...40
        let moved = status == .renamed || status == .copied
        return FileChange(
            status: status, path: filePath(&random).normalized,
            oldPath: moved ? filePath(&random).normalized : nil, similarity: moved ? Int.random(in: 50...100, using: &random) : nil,
            insertions: binary == false ? Int.random(in: lines, using: &random) : nil,
            deletions: binary == false ? Int.random(in: 0...40, using: &random) : nil, binary: binary,
            oldMode: status == .added ? nil : .regular, newMode: status == .deleted ? nil : .regular)
    }
}

extension TreePath {
    /// The path as raw input: its identity.
    var normalizedInput: RawPath { RawPath(bytes: identity) }
}

/// The kinds of operation the property tests run.
enum OperationKind: String, CaseIterable, Hashable {
    case add, addChange, remove, move, batch, expansion, reveal, flatten, focus, all, reset
}

/// One random operation on a model: chosen from the model's paths (mostly) and random ones,
/// run on the model, then applied to a ``ReferenceTree`` when the model accepted it.
struct RandomOperation: CustomStringConvertible {
    private(set) var kind: OperationKind
    private(set) var description: String
    private(set) var isRejected = false
    /// For an expansion change, the row it started on.
    private(set) var expandedRow: Int?
    private var mutations: [TreeMutation] = []
    private var reset: [FileChange]?
    private var resetPaths: [TreePath]?
    private var run: (inout TreeBrowserModel) throws -> TreeUpdate

    init(model: TreeBrowserModel, generator: PathGenerator, random: inout SeededGenerator) {
        let paths = model.paths
        func existingOrRandom(_ random: inout SeededGenerator) -> TreePath {
            paths.isEmpty || Int.random(in: 0..<5, using: &random) == 0 ? generator.path(&random) : paths.randomElement(using: &random)!
        }
        func mutation(_ random: inout SeededGenerator) -> TreeMutation {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return .add(generator.path(&random))
            case 1: return .addChange(Int.random(in: 0..<3, using: &random) == 0 ? generator.change(&random)
                                      : Self.changed(existingOrRandom(&random), generator.change(&random)))
            case 2: return .remove(existingOrRandom(&random))
            default:
                let source = existingOrRandom(&random)
                var destination = generator.path(&random)
                if source.isDirectory != destination.isDirectory && Bool.random(using: &random) {
                    destination = generator.path(&random)
                }
                return .move(source, to: destination)
            }
        }
        let path = existingOrRandom(&random)
        let row = model.rowIndex(of: path)
        kind = .expansion
        description = ""
        run = { _ in TreeUpdate() }
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1, 2:
            let verb = ["expand", "collapse", "toggle"].randomElement(using: &random)!
            (description, expandedRow) = ("\(verb) \(path)", row)
            run = { model in verb == "expand" ? model.expand(path) : verb == "collapse" ? model.collapse(path) : model.toggle(path) }
        case 3:
            let focus = Bool.random(using: &random)
            (kind, description) = (.reveal, "reveal \(path) focus \(focus)")
            run = { $0.reveal(path, focus: focus) }
        case 4:
            let flatten = Bool.random(using: &random)
            (kind, description) = (.flatten, "flatten \(flatten)")
            run = { $0.setFlattened(flatten) }
        case 5, 6, 7, 8, 9:
            let single = mutation(&random)
            (kind, description, mutations) = (Self.kind(of: single), "\(single)", [single])
            run = { try $0.apply(single) }
        case 10:
            let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in mutation(&random) }
            (kind, description, mutations) = (.batch, "batch \(batch)", batch)
            run = { try $0.batch(batch) }
        case 11:
            let moves: [(String, (inout TreeBrowserModel) -> TreeUpdate)] = [
                ("first", { $0.focusFirst() }), ("last", { $0.focusLast() }), ("next", { $0.focusNext() }),
                ("previous", { $0.focusPrevious() }), ("parent", { $0.focusParent() }),
                ("nearest \(path)", { $0.focus(nearestTo: path) }), ("clear", { $0.clearFocus() }),
            ]
            let (name, move) = moves.randomElement(using: &random)!
            (kind, description) = (.focus, "focus \(name)")
            run = { move(&$0) }
        case 12:
            (kind, description) = (.focus, "focus nearest \(path)")
            run = { $0.focus(nearestTo: path) }
        case 13:
            let expand = Bool.random(using: &random)
            (kind, description) = (.all, expand ? "expand all" : "collapse all")
            run = { expand ? $0.expandAll() : $0.collapseAll() }
        default:
            kind = .reset
            if model.allowsFileAndDirectory {
                let kept = paths.compactMap { model.change(of: $0) }.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
                let changes = kept.map { Self.changed(tp($0.path.description), generator.change(&random), keepsStatus: Bool.random(using: &random), of: $0) }
                    + (0..<3).map { _ in generator.change(&random) }
                (description, reset) = ("reset \(changes.map(\.path))", changes)
                run = { try $0.reset(changeTree: ChangeTree(changes: changes, order: $0.order)) }
            } else {
                let kept = paths.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
                let fresh = kept + (0..<3).map { _ in generator.path(&random) }
                (description, resetPaths) = ("reset \(fresh)", fresh)
                run = { try $0.reset(paths: fresh.map(\.normalizedInput)) }
            }
        }
    }

    /// `change` moved to `path` when that is a file (a new change of an existing file).
    private static func changed(_ path: TreePath, _ change: FileChange, keepsStatus: Bool = false, of old: FileChange? = nil) -> FileChange {
        var change = change
        if !path.isDirectory { change.path = path.normalized }
        if keepsStatus, let old { change.status = old.status }
        return change
    }

    private static func kind(of mutation: TreeMutation) -> OperationKind {
        switch mutation {
        case .add: .add
        case .addChange: .addChange
        case .remove: .remove
        case .move: .move
        }
    }

    /// Runs the operation on `model`; a rejected one reports an empty update.
    mutating func run(on model: inout TreeBrowserModel) -> TreeUpdate {
        do { return try run(&model) } catch {
            isRejected = true
            description += " rejected: \(error)"
            return TreeUpdate()
        }
    }

    /// Whether the reference's rules refuse this operation (only mutations and resets of a
    /// tree of bare paths can be refused).
    func isRejected(by reference: ReferenceTree) throws -> Bool {
        if let resetPaths { return ReferenceTree.rejects(paths: resetPaths, order: reference.order) }
        return try reference.rejects(mutations)
    }

    /// Applies an accepted operation's effect on the tree to `reference`.
    func apply(to reference: inout ReferenceTree) throws {
        if let reset {
            reference = try ReferenceTree(order: reference.order, changes: reset)
            return
        }
        if let resetPaths {
            reference = ReferenceTree(order: reference.order, paths: resetPaths)
            return
        }
        for mutation in mutations {
            switch mutation {
            case .add(let path): reference.add(path)
            case .addChange(let change): try reference.addChange(change)
            case .remove(let path): reference.remove(path)
            case .move(let path, let destination): try reference.move(path, to: destination)
            }
        }
    }
}
