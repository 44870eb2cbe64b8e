import Packages
import TreeModel

extension JSONWriter {
    /// `"packages"` and `"packageNotes"` (``PackageListing``): each changed package, then each
    /// affected one, with its changed files (paths as lossy text) and, for an affected one,
    /// why; then every manifest note.
    mutating func writePackages(_ listing: PackageListing, flushingTo output: inout RenderOutput) throws {
        key(literal: "packages")
        beginArray()
        try listing.changes.withUnsafeBufferPointer { changes in
            for entry in listing.selection.entries {
                let package = listing.package(of: entry)
                beginObject()
                pathField("path", "pathBytes", package.path.isEmpty ? [UInt8(ascii: ".")] : package.path)
                field("name", package.name)
                field("kind", package.kind?.rawValue)
                writeStrings("manifests", package.manifests)
                field("changed", entry.reason == nil)
                field("count", entry.files.count)
                try writePaths("files", of: entry.files, in: changes, flushingTo: &output)
                key(literal: "affected")
                if let reason = entry.reason { writeReason(reason, graph: listing.selection.graph) } else { null() }
                endObject()
            }
        }
        endArray()
        key(literal: "packageNotes")
        beginArray()
        for note in listing.selection.graph.notes {
            beginObject()
            field("file", note.file)
            field("line", note.line)
            field("message", note.message)
            endObject()
        }
        endArray()
    }

    mutating func writeReason(_ reason: PackageSelection.Reason, graph: PackageGraph) {
        beginObject()
        switch reason {
        case .dependsOn(let changed, let chain):
            literalField("reason", "dependency")
            field("by", graph.packages[changed].displayPath)
            key(literal: "chain")
            beginArray()
            for edge in chain {
                beginObject()
                field("dependent", graph.packages[edge.dependent].displayPath)
                field("dependency", graph.packages[edge.dependency].displayPath)
                field("manifest", edge.manifest)
                field("line", edge.line)
                field("declaration", edge.declaration)
                endObject()
            }
            endArray()
        case .affectsAll(let file, let pattern):
            literalField("reason", "affectsAll")
            pathField("file", "fileBytes", file)
            field("pattern", pattern)
        }
        endObject()
    }

    private mutating func writeStrings(_ name: StaticString, _ values: [String]) {
        key(literal: name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }
}
