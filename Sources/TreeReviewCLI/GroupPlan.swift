import Background
import Foundation
import PathFilters
import Render
import TreeModel

/// `--filters`, `--group`, `--predicate-quantifier` and `--group-by group`: the named groups
/// of a filters file in dorny/paths-filter's format (see Docs/Groups.md), read once, matched
/// against the report's files once.
struct GroupPlan {
    /// The groups' matcher.
    let matcher: GroupMatcher
    /// The `--group` names, as given; empty keeps every file.
    let kept: [String]

    /// Refuses what does not go together, before anything is read.
    static func check(_ options: Options, format: OutputFormat) throws {
        guard options.filters != nil else {
            if !options.groups.isEmpty { throw UsageError("--group needs --filters <file>, whose groups it names") }
            if options.predicateQuantifier != nil { throw UsageError("--predicate-quantifier needs --filters <file>") }
            if options.groupByGroup { throw UsageError("--group-by group needs --filters <file>, whose groups it shows") }
            return
        }
        if options.groupByGroup && !options.writesAny(of: [.tree, .markdown], format: format) {
            throw options.refusal("--group-by group applies to --format tree or markdown, not \(format.rawValue)",
                                  accepted: "tree or markdown")
        }
        if options.groupByGroup && (options.groupByOwner || options.groupByPackage) {
            throw UsageError("--group-by takes one key: owner, package or group")
        }
    }

    /// The plan of `options`, with the filters file read (a relative path from the directory
    /// treereview runs in, after `-C`); `nil` without `--filters`.
    static func read(_ options: Options, io: IO) throws -> GroupPlan? {
        guard let name = options.filters else { return nil }
        let base = options.startingDirectory(io: io)
        let path = name.hasPrefix("/") ? name : URL(fileURLWithPath: base).appendingPathComponent(name).path
        let file: FiltersFile
        do {
            file = try FiltersFile.read(path: path, named: name)
        } catch {
            throw UsageError(error.description)
        }
        for group in options.groups where file.group(named: group) == nil {
            let known = file.groups.map { "'\($0.name)'" }.joined(separator: ", ")
            throw UsageError("--group '\(group)': \(name) has no such group (its groups: \(known))")
        }
        return GroupPlan(matcher: GroupMatcher(file, quantifier: options.predicateQuantifier ?? .some), kept: options.groups)
    }

    /// Which groups hold each of the `changes`.
    func memberships(of changes: [FileChange]) -> GroupMemberships {
        matcher.memberships(of: changes.map(Self.filterChange))
    }

    /// ``memberships(of:)``, worked out on other threads while the caller goes on.
    func startMatching(_ changes: [FileChange]) -> PendingResult<GroupMemberships> {
        PendingResult { memberships(of: changes) }
    }

    /// The indices of the changes that a `--group` named holds (every one without `--group`).
    func keptIndices(_ memberships: GroupMemberships) -> [Int] {
        let wanted = matcher.filters.groups.indices.filter { kept.contains(matcher.filters.groups[$0].name) }
        return (0..<memberships.changeCount).filter { change in wanted.contains { memberships.contains(change: change, group: $0) } }
    }

    /// The groups of the report's listed files, from the `memberships` of the changes its
    /// tree was made of; with `--group-by group`, a view of each changed group's files and
    /// of the files in no group.
    func listing(for report: Report, memberships: GroupMemberships, settings: Settings, options: Options) -> GroupListing {
        let changes = report.view.listedChanges
        let members = memberships.members(in: report.view.listedEntries)
        var listing = GroupListing(groups: zip(matcher.filters.groups, members).map { GroupListing.Group(name: $0.name, files: $1) },
                                   changes: changes)
        if options.groupByGroup {
            func view(_ files: [Int]) -> TreeView {
                TreeView(changeTree: ChangeTree(changes: files.map { changes[$0] }, order: settings.sort),
                         flatten: settings.flatten, depth: options.depth)
            }
            listing.sections = listing.changedGroups.map { GroupListing.Section(name: $0.name, view: view($0.files)) }
            let ungrouped = listing.ungroupedFiles
            if !ungrouped.isEmpty { listing.sections.append(GroupListing.Section(name: nil, view: view(ungrouped))) }
        }
        return listing
    }

    /// A change as the filters file sees it: a type change is a modification (paths-filter has
    /// no word for it), an untracked file an addition, a bare path of `--stdin` (no status) a
    /// modification.
    static func filterChange(_ change: FileChange) -> FilterChange {
        let status: FilterStatus = switch change.status {
        case .added, .untracked: .added
        case .modified, .typeChanged: .modified
        case .deleted: .deleted
        case .renamed: .renamed
        case .copied: .copied
        case .unmerged: .unmerged
        case nil: .modified
        }
        return FilterChange(path: change.path.bytes, status: status, oldPath: change.oldPath?.bytes)
    }
}
