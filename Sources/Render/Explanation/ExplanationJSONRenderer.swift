import Annotations
import Packages
import TreeModel

/// `treereview explain --format json`: one object, `{"schemaVersion": 1, "command": "explain",
/// "comparison": {...}, "paths": [...]}`,
/// each path's parts under their own keys (see `Docs/JSON.md#explain`).
public struct ExplanationJSONRenderer {
    public init() {}

    /// The JSON document of `explanation`, pretty-printed or compact, ending in a newline.
    public func render(_ explanation: Explanation, pretty: Bool) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.field("schemaVersion", JSONRenderer.schemaVersion)
        writer.literalField("command", "explain")
        writer.key(literal: "comparison")
        writer.beginObject()
        writer.field("mode", explanation.comparison.kind.rawValue)
        writer.field("spec", explanation.comparison.spec)
        writer.field("old", explanation.comparison.old)
        writer.field("new", explanation.comparison.new)
        writer.endObject()
        writer.key(literal: "paths")
        writer.beginArray()
        for path in explanation.paths { writer.writeExplanation(of: path, in: explanation) }
        writer.endArray()
        writer.endObject()
        return writer.bytes + [UInt8(ascii: "\n")]
    }
}

extension JSONWriter {
    mutating func writeExplanation(of path: PathExplanation, in explanation: Explanation) {
        beginObject()
        field("argument", path.argument)
        if let file = path.path { pathField("path", "pathBytes", file.bytes) } else { key(literal: "path"); null() }
        field("found", path.presence.rawValue)
        field("namedByOldPath", path.namedByOldPath)
        key(literal: "change")
        if let change = path.change { writeExplainedChange(change) } else { null() }
        if path.presence != .notFound {
            key(literal: "owners")
            if let source = path.ownersSource { writeExplainedOwners(source, match: path.owners) } else { null() }
            writeDecision("generated", path.kinds.generated)
            writeDecision("vendored", path.kinds.vendored)
            writeDecision("documentation", path.kinds.documentation)
            if explanation.listsPackages {
                key(literal: "package")
                if let package = path.package { writeExplainedPackage(package) } else { null() }
            }
        }
        if explanation.filtersFile != nil {
            key(literal: "groups")
            beginArray()
            for group in path.groups {
                beginObject()
                field("group", group.group)
                field("filtersFile", group.filtersFile)
                field("line", group.line)
                field("pattern", group.pattern)
                field("matched", group.matched)
                endObject()
            }
            endArray()
        }
        endObject()
    }

    private mutating func writeExplainedChange(_ change: FileChange) {
        beginObject()
        field("status", change.status?.rawValue)
        if let old = change.oldPath { pathField("oldPath", "oldPathBytes", old.bytes) } else { key(literal: "oldPath"); null() }
        field("similarity", change.similarity)
        field("insertions", change.insertions)
        field("deletions", change.deletions)
        field("binary", change.binary)
        endObject()
    }

    private mutating func writeExplainedOwners(_ source: CodeOwnersSource, match: CodeOwnersMatch?) {
        beginObject()
        writeCodeOwners(source)
        key(literal: "rule")
        if let rule = match?.rule {
            beginObject()
            field("line", rule.line)
            field("pattern", rule.pattern)
            writeOwners(rule.owners)
            endObject()
        } else {
            null()
        }
        endObject()
    }

    private mutating func writeDecision(_ name: StaticString, _ decision: KindsExplanation.Decision) {
        key(literal: name)
        beginObject()
        field("value", decision.isKind)
        switch decision.reason {
        case .nothing:
            literalField("by", "nothing")
        case .linguistDefault(let rule):
            literalField("by", "linguistDefault")
            field("pattern", rule.pattern)
            field("ignoringCase", rule.ignoringCase)
            field("table", rule.kind == .vendored ? "vendor.yml" : "generated.rb")
        case .attribute(let origin):
            literalField("by", "attribute")
            field("attribute", ExplanationTextRenderer.spelling(of: origin.attribute, origin.state))
            field("file", origin.file)
            field("line", origin.line)
            field("pattern", origin.pattern)
            field("macro", origin.macro)
        }
        endObject()
    }

    private mutating func writeExplainedPackage(_ explanation: PackageExplanation) {
        let root = explanation.root
        beginObject()
        pathField("path", "pathBytes", root.path.isEmpty ? [UInt8(ascii: ".")] : root.path)
        field("name", root.name)
        field("kind", root.kind?.rawValue)
        key(literal: "manifests")
        beginArray()
        for manifest in root.manifests { string(manifest) }
        endArray()
        field("changedFiles", explanation.changedFiles)
        key(literal: "affected")
        if let reason = explanation.reason { writeReason(reason, graph: explanation.graph) } else { null() }
        key(literal: "affects")
        beginArray()
        for (package, chain) in explanation.affects {
            beginObject()
            field("path", explanation.graph.packages[package].displayPath)
            key(literal: "affected")
            writeReason(.dependsOn(changed: explanation.package, chain: chain), graph: explanation.graph)
            endObject()
        }
        endArray()
        endObject()
    }
}
