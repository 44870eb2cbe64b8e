import TreeModel

/// What `--filters` adds to a report: each named group of the filters file, in the file's
/// order, with the files of the view it holds, and for `--group-by group` each changed
/// group's files as a view of their own, then the files in no group.
public struct GroupListing: Sendable {
    /// One named group and the files it holds.
    public struct Group: Sendable, Equatable {
        /// The group's name as the filters file writes it.
        public var name: String
        /// The indices, among the view's listed changes, of the files it holds, in the report's order.
        public var files: [Int]

        public init(name: String, files: [Int]) {
            self.name = name
            self.files = files
        }
    }

    /// For `--group-by group`: a group's heading and its files as a view of their own.
    public struct Section: Sendable {
        /// The group's name; `nil` for the files in no group.
        public var name: String?
        /// The files, as a tree of their own.
        public var view: TreeView

        public init(name: String?, view: TreeView) {
            self.name = name
            self.view = view
        }
    }

    /// Every group of the filters file, in its order.
    public var groups: [Group]
    /// The view's listed changes, which the groups' file indices name.
    public var changes: [FileChange]
    /// For `--group-by group`: a section per changed group, then one of the files in no
    /// group if there are any; empty otherwise.
    public var sections: [Section]

    public init(groups: [Group], changes: [FileChange], sections: [Section] = []) {
        self.groups = groups
        self.changes = changes
        self.sections = sections
    }

    /// The groups that hold at least one file.
    public var changedGroups: [Group] { groups.filter { !$0.files.isEmpty } }

    /// The indices of the listed changes no group holds, in the report's order.
    public var ungroupedFiles: [Int] {
        var grouped = [Bool](repeating: false, count: changes.count)
        for group in groups { for file in group.files { grouped[file] = true } }
        return changes.indices.filter { !grouped[$0] }
    }
}
