import TreeModel

/// The nodes of `"tree"` written on another thread while `"files"` is written
/// (``JSONWriter/treeAhead(of:pretty:iconResolver:)``): on two cores the two halves of a
/// large document take the time of the longer one.
struct TreeWrittenAhead: Sendable {
    /// The array's members, separated as the writer of the document would, in chunks of
    /// about ``RenderOutput/defaultChunkSize``.
    var chunks: [[UInt8]]
    /// How many top-level nodes they are.
    var count: Int
}

extension JSONWriter {
    /// The members of `report`'s `tree` array, written as ``writeTree(_:icons:flushingTo:)``
    /// writes them, with icons resolved by `iconResolver` on this thread.
    static func treeAhead(of report: Report, pretty: Bool, iconResolver: IconResolver) -> TreeWrittenAhead {
        final class Chunks { var list: [[UInt8]] = [] }
        let chunks = Chunks()
        var output = RenderOutput { chunks.list.append($0) }
        var json = JSONWriter(pretty: pretty, membersAtDepth: 2)
        var icons = FileIcons(changeTree: report.view.changeTree, resolver: iconResolver)
        let count = (try? json.writeTreeMembers(report, icons: &icons, flushingTo: &output)) ?? 0
        json.moveBytes(to: &output)
        try? output.flush()
        return TreeWrittenAhead(chunks: chunks.list, count: count)
    }
}
