import TreeModel

extension JSONWriter {
    /// `"groups"` (``GroupListing``): an object with a key per group, in the filters file's
    /// order, each `{"changed": …, "count": …, "files": [paths in the report's order]}`.
    /// Handed to `output` as it grows: wide groups list many paths.
    mutating func writeGroups(_ listing: GroupListing, flushingTo output: inout RenderOutput) throws {
        key(literal: "groups")
        beginObject()
        try listing.changes.withUnsafeBufferPointer { changes in
            for group in listing.groups {
                key(group.name)
                beginObject()
                field("changed", !group.files.isEmpty)
                field("count", group.files.count)
                try writePaths("files", of: group.files, in: changes, flushingTo: &output)
                endObject()
            }
        }
        endObject()
    }

    /// `name` and an array of the paths (as lossy text) of the `changes` at `files`, handed
    /// to `output` as it grows.
    mutating func writePaths(_ name: StaticString, of files: [Int], in changes: UnsafeBufferPointer<FileChange>,
                             flushingTo output: inout RenderOutput) throws {
        key(literal: name)
        beginArray()
        for file in files {
            changes[file].path.bytes.withUnsafeBufferPointer { lossyText($0) }
            try flushIfFull(to: &output)
        }
        endArray()
    }
}
