import TreeModel

/// The first groups of `"groups"`, written ahead of the rest of the document on another thread
/// (``JSONWriter/groupsAhead(of:pretty:budget:)``), so that only handing them on is left when
/// the document reaches them.
struct GroupsWrittenAhead: Sendable {
    /// Their members (`"name": {…}`), separated as the writer of the document would, in chunks
    /// of about ``RenderOutput/defaultChunkSize``.
    var chunks: [[UInt8]]
    /// How many groups, from the first, they are.
    var groups: Int
}

extension JSONWriter {
    /// The groups of `listing` written ahead, from the first, as long as they come to fewer
    /// than `budget` bytes (a wide listing's other groups are written by
    /// ``writeGroups(_:ahead:flushingTo:)`` as it goes, after these).
    static func groupsAhead(of listing: GroupListing, pretty: Bool, budget: Int) -> GroupsWrittenAhead {
        final class Chunks { var list: [[UInt8]] = []; var size = 0 }
        let chunks = Chunks()
        var output = RenderOutput { chunk in
            chunks.list.append(chunk)
            chunks.size += chunk.count
        }
        var json = JSONWriter(pretty: pretty, membersAtDepth: 2)
        var written = 0
        do {
            try listing.changes.withUnsafeBufferPointer { changes in
                for group in listing.groups {
                    guard chunks.size + output.bytes.count + json.buffer.count < budget else { break }
                    try json.writeGroup(group, in: changes, flushingTo: &output)
                    written += 1
                }
            }
            json.moveBytes(to: &output)
            try output.flush()
        } catch {
            return GroupsWrittenAhead(chunks: [], groups: 0)
        }
        return GroupsWrittenAhead(chunks: chunks.list, groups: written)
    }

    /// `"groups"` (``GroupListing``): an object with a key per group, in the filters file's
    /// order, each `{"changed": …, "count": …, "files": [paths in the report's order]}`; the
    /// first groups as written `ahead`, the others handed to `output` as they grow (wide
    /// groups list many paths).
    mutating func writeGroups(_ listing: GroupListing, ahead: GroupsWrittenAhead? = nil,
                              flushingTo output: inout RenderOutput) throws {
        key(literal: "groups")
        beginObject()
        let first = ahead?.groups ?? 0
        if let ahead { try adoptMembers(ahead.chunks, count: ahead.groups, flushingTo: &output) }
        try listing.changes.withUnsafeBufferPointer { changes in
            for group in listing.groups.dropFirst(first) {
                try writeGroup(group, in: changes, flushingTo: &output)
            }
        }
        endObject()
    }

    private mutating func writeGroup(_ group: GroupListing.Group, in changes: UnsafeBufferPointer<FileChange>,
                                     flushingTo output: inout RenderOutput) throws {
        key(group.name)
        beginObject()
        field("changed", !group.files.isEmpty)
        field("count", group.files.count)
        try writePaths("files", of: group.files, in: changes, flushingTo: &output)
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
