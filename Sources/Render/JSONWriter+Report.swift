import TreeModel

/// The pieces of the JSON report that appear in more than one place.
extension JSONWriter {
    mutating func field(_ name: StaticString, _ value: String?) {
        key(literal: name)
        if let value { string(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        key(literal: name)
        if let value { int(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Bool?) {
        key(literal: name)
        if let value { bool(value) } else { null() }
    }

    /// A path as lossy text under `name`, plus its exact bytes in base64 under `bytesName`
    /// when they are not valid UTF-8.
    mutating func pathField(_ name: StaticString, _ bytesName: StaticString, _ bytes: [UInt8]) {
        if let text = String(validating: bytes, as: UTF8.self) {
            field(name, text)
        } else {
            field(name, String(decoding: bytes, as: UTF8.self))
            field(bytesName, Base64.encode(bytes))
        }
    }

    mutating func writeComparison(_ comparison: ComparisonLabel) {
        beginObject()
        field("mode", comparison.mode)
        field("spec", comparison.spec)
        field("old", comparison.old)
        field("new", comparison.new)
        endObject()
    }

    mutating func writeSummary(_ summary: ChangeSummary, linesCounted: Bool) {
        beginObject()
        field("files", summary.files)
        field("added", summary.count(.added))
        field("modified", summary.count(.modified))
        field("deleted", summary.count(.deleted))
        field("renamed", summary.count(.renamed))
        field("copied", summary.count(.copied))
        field("typeChanged", summary.count(.typeChanged))
        field("untracked", summary.count(.untracked))
        field("unmerged", summary.count(.unmerged))
        field("binary", linesCounted ? summary.binary : nil)
        field("insertions", linesCounted ? summary.insertions : nil)
        field("deletions", linesCounted ? summary.deletions : nil)
        endObject()
    }

    /// The fields of a `files` entry, in schema order, without the braces.
    mutating func writeChangeFields(_ change: FileChange, linesCounted: Bool, icon: String) {
        pathField("path", "pathBytes", change.path.bytes)
        if let oldPath = change.oldPath {
            pathField("oldPath", "oldPathBytes", oldPath.bytes)
        }
        if let status = change.status {
            field("status", status.rawValue)
        }
        if change.oldPath != nil {
            field("similarity", change.similarity)
        }
        field("insertions", linesCounted ? change.insertions : nil)
        field("deletions", linesCounted ? change.deletions : nil)
        field("binary", linesCounted ? change.binary : nil)
        field("oldMode", change.oldMode?.description)
        field("newMode", change.newMode?.description)
        field("icon", icon)
    }
}
