import Foundation
import TreeModel

/// The JSON format read back (`Docs/JSON.md`) and compared with git's answer.
public enum ReportJSON {
    /// The document in `bytes`.
    public static func parse(_ bytes: [UInt8]) throws -> [String: Any] {
        guard let document = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw ShellError(message: "the JSON output is not an object")
        }
        return document
    }

    /// The `files` of `document` as changes (exact paths from `pathBytes` when present).
    public static func changes(_ document: [String: Any]) -> [FileChange] {
        let files = document["files"] as? [[String: Any]] ?? []
        return files.map { file in
            func path(_ text: String, _ bytes: String) -> RawPath? {
                if let encoded = file[bytes] as? String, let data = Data(base64Encoded: encoded) { return RawPath(bytes: Array(data)) }
                return (file[text] as? String).map(RawPath.init)
            }
            return FileChange(
                status: (file["status"] as? String).flatMap(ChangeStatus.init(rawValue:)),
                path: path("path", "pathBytes") ?? RawPath(""),
                oldPath: path("oldPath", "oldPathBytes"),
                similarity: file["similarity"] as? Int,
                insertions: file["insertions"] as? Int,
                deletions: file["deletions"] as? Int,
                binary: file["binary"] as? Bool)
        }
    }

    /// Every way `document` differs from `changes`: its files (paths, statuses, origins and,
    /// when `lines`, line counts; modes are not compared) and its summary.
    public static func differences(_ document: [String: Any], from changes: [FileChange], lines: Bool = true) -> [String] {
        var problems: [String] = []
        func comparable(_ change: FileChange) -> FileChange {
            var copy = GitOracle.comparable(change)
            if !lines { (copy.insertions, copy.deletions, copy.binary) = (nil, nil, nil) }
            return copy
        }
        let listed = ReportJSON.changes(document).map(comparable).sorted { $0.path < $1.path }
        let expected = changes.map(comparable).sorted { $0.path < $1.path }
        if listed != expected {
            let difference = Set(listed).symmetricDifference(expected).map { "\($0.path) \($0.status?.rawValue ?? "-")" }.sorted()
            problems.append("JSON files differ from git's: \(difference)")
        }
        return problems + summaryDifferences(document["summary"] as? [String: Any] ?? [:], from: changes, lines: lines)
    }

    /// Every way a `summary` object differs from the one `changes` call for: their number,
    /// their count per status and, when `lines`, of binary files and the line totals
    /// (`null` otherwise).
    public static func summaryDifferences(_ summary: [String: Any], from changes: [FileChange], lines: Bool = true) -> [String] {
        var problems: [String] = []
        var wanted: [String: Int?] = ["files": changes.count]
        for status in ChangeStatus.allCases { wanted[status.rawValue] = changes.filter { $0.status == status }.count }
        let insertions = changes.reduce(0) { $0 + ($1.insertions ?? 0) }
        let deletions = changes.reduce(0) { $0 + ($1.deletions ?? 0) }
        let binary = changes.filter { $0.binary == true }.count
        wanted["insertions"] = .some(lines ? insertions : nil)
        wanted["deletions"] = .some(lines ? deletions : nil)
        wanted["binary"] = .some(lines ? binary : nil)
        for (key, value) in wanted {
            let shown = summary[key]
            let matches = value.map { shown as? Int == $0 } ?? (shown is NSNull)
            if !matches { problems.append("summary.\(key) is \(shown ?? "missing"), expected \(value.map(String.init) ?? "null")") }
        }
        return problems
    }
}
