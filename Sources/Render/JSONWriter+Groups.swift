import TreeModel

extension JSONWriter {
    /// `"groups"` (``GroupListing``): an object with a key per group, in the filters file's
    /// order, each `{"changed": …, "count": …, "files": [paths in the report's order]}`.
    mutating func writeGroups(_ listing: GroupListing) {
        key(literal: "groups")
        beginObject()
        listing.changes.withUnsafeBufferPointer { changes in
            for group in listing.groups {
                key(group.name)
                beginObject()
                field("changed", !group.files.isEmpty)
                field("count", group.files.count)
                key(literal: "files")
                beginArray()
                for file in group.files {
                    changes[file].path.bytes.withUnsafeBufferPointer { path in
                        if JSONWriter.isASCII(path) { utf8String(path) } else { string(String(decoding: path, as: UTF8.self)) }
                    }
                }
                endArray()
                endObject()
            }
        }
        endObject()
    }
}
