import Annotations
import Packages
import TreeModel

/// `treereview explain`'s text: a line naming the comparison, then per path its name and
/// indented lines, one per part (change, owners, generated, vendored, documentation,
/// package, groups), in sentences. Every name from the repository (paths, patterns, owners,
/// files) is escaped by ``TerminalText``, so none reaches a terminal as a control sequence.
public struct ExplanationTextRenderer {
    public init() {}

    /// The text of `explanation`.
    public func render(_ explanation: Explanation) -> [UInt8] {
        var lines = ["Explaining \(safe(explanation.comparison.title)) (\(explanation.comparison.kind.rawValue))."]
        for path in explanation.paths {
            lines.append("")
            lines += self.lines(for: path, in: explanation)
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func safe(_ text: String) -> String { TerminalText.escaped(text) }
    private func safe(_ path: RawPath) -> String { TerminalText.escaped(path.bytes) }
    private func safe(_ bytes: [UInt8]) -> String { TerminalText.escaped(bytes) }

    private func lines(for path: PathExplanation, in explanation: Explanation) -> [String] {
        guard let file = path.path, path.presence != .notFound else {
            return ["\(safe(path.argument))", "  Not found: no file or directory by this name on either side of the comparison."]
        }
        var lines = [safe(file)]
        lines.append("  Change: " + changeSentence(path))
        lines.append("  Owners: " + ownersSentence(path))
        lines.append("  Generated: " + kindSentence(path.kinds.generated, kind: "generated"))
        lines.append("  Vendored: " + kindSentence(path.kinds.vendored, kind: "vendored"))
        lines.append("  Documentation: " + kindSentence(path.kinds.documentation, kind: "documentation"))
        if let package = path.package { lines += packageLines(package, affected: explanation.addsAffected) }
        if explanation.filtersFile != nil {
            if path.groups.isEmpty {
                lines.append("  Groups: no group of the filters file matches it.")
            } else {
                lines.append("  Groups:")
                for group in path.groups {
                    let line = group.line.map { " line \($0)" } ?? ""
                    let verb = group.matched ? "in" : "left out of"
                    lines.append("    \(verb) \(safe(group.group)): pattern \(safe(group.pattern)) (\(safe(group.filtersFile))\(line))")
                }
            }
        }
        return lines
    }

    private func changeSentence(_ path: PathExplanation) -> String {
        guard let change = path.change, let status = change.status else {
            return "unchanged in this comparison."
        }
        var text = "\(status.words)"
        if let old = change.oldPath, status == .renamed || status == .copied {
            text += " from \(safe(old))"
            if let similarity = change.similarity { text += " (similarity \(similarity)%)" }
        }
        if change.binary == true {
            text += ", binary"
        } else if let added = change.insertions, let deleted = change.deletions {
            text += ", \(added) \(added == 1 ? "line" : "lines") added, \(deleted) deleted"
        }
        if path.namedByOldPath { text += "; named by its old path" }
        return text + "."
    }

    private func ownersSentence(_ path: PathExplanation) -> String {
        guard let source = path.ownersSource else { return "not read." }
        let side = safe(source.sideDescription)
        guard let file = source.path else { return "no CODEOWNERS file in .github/, at the top or in docs/ of \(side)." }
        if source.tooLarge { return "\(safe(file)) of \(side) is 3 MiB or more, which GitHub ignores." }
        guard let rule = path.owners?.rule else { return "no rule of \(safe(file)) names it, as of \(side)." }
        let owners = rule.owners.isEmpty ? "none (the rule lists no owner)" : rule.owners.map(safe).joined(separator: ", ")
        return "\(owners), by \(safe(file)) line \(rule.line), pattern \(safe(rule.pattern)), as of \(side)."
    }

    private func kindSentence(_ decision: KindsExplanation.Decision, kind: String) -> String {
        let answer = decision.isKind ? "yes" : "no"
        switch decision.reason {
        case .nothing:
            return kind == "documentation" ? "no: no attribute says so." : "no: no attribute says so, and no default rule of linguist's matches."
        case .linguistDefault(let rule):
            let table = rule.kind == .vendored ? "vendor.yml" : "generated.rb"
            let folded = rule.ignoringCase ? ", ignoring case" : ""
            return "\(answer): linguist's default rule \(safe(rule.pattern)) (\(table)\(folded)); no attribute says otherwise."
        case .attribute(let origin):
            let spelled = Self.spelling(of: origin.attribute, origin.state)
            guard let file = origin.file else { return "\(answer): \(spelled), set by an attributes file treereview does not read (core.attributesFile, or the system's)." }
            let line = origin.line.map { " line \($0)" } ?? ""
            let pattern = origin.pattern.map { ", pattern \(safe($0))" } ?? ""
            let macro = origin.macro.map { " through the macro \(safe($0))" } ?? ""
            return "\(answer): \(safe(spelled))\(macro), in \(safe(file))\(line)\(pattern)."
        }
    }

    /// An attribute's state as a gitattributes line writes it: `attr`, `-attr`, `attr=value`.
    static func spelling(of attribute: String, _ state: AttributeState) -> String {
        switch state {
        case .set: attribute
        case .unset: "-" + attribute
        case .value(let value): "\(attribute)=\(value)"
        case .unspecified: "!" + attribute
        }
    }

    private func packageLines(_ explanation: PackageExplanation, affected: Bool) -> [String] {
        let root = explanation.root
        let graph = explanation.graph
        var where_ = safe(root.displayPath)
        if let name = root.name { where_ = "\(safe(name)) at \(where_)" }
        if let kind = root.kind { where_ += " (\(kind.rawValue), \(root.manifests.map(safe).joined(separator: ", ")))" }
        else { where_ += " (the top: files in no package)" }
        var lines = ["  Package: \(where_)."]
        if explanation.changedFiles > 0 {
            lines.append("    It changed: \(explanation.changedFiles) changed \(explanation.changedFiles == 1 ? "file is" : "files are") in it.")
            if affected {
                if explanation.affects.isEmpty { lines.append("    No package is affected through it.") }
                for (package, chain) in explanation.affects {
                    lines.append("    It makes \(safe(graph.packages[package].displayPath)) affected: " + chainText(chain, graph: graph) + ".")
                }
            }
        } else if let reason = explanation.reason {
            switch reason {
            case .dependsOn(let changed, let chain):
                lines.append("    It is affected: \(safe(graph.packages[changed].displayPath)) changed; " + chainText(chain, graph: graph) + ".")
            case .affectsAll(let file, let pattern):
                lines.append("    It is affected: the changed file \(safe(file)) matches --affects-all \(safe(pattern)).")
            }
        } else {
            lines.append(affected ? "    It did not change, and no changed package affects it." : "    It did not change.")
        }
        return lines
    }

    /// Each edge of a chain, in order: `web depends on core (web/package.json line 7: dependencies "core")`.
    private func chainText(_ chain: [PackageEdge], graph: PackageGraph) -> String {
        chain.map { edge in
            let line = edge.line.map { " line \($0)" } ?? ""
            return "\(safe(graph.packages[edge.dependent].displayPath)) depends on \(safe(graph.packages[edge.dependency].displayPath))"
                + " (\(safe(edge.manifest))\(line): \(safe(edge.declaration)))"
        }.joined(separator: ", ")
    }
}
