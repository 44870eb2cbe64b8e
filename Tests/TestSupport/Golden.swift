import Foundation
import Testing

/// Compares output with a golden file under `Fixtures/<area>/golden/`.
///
/// A missing golden, or `TREEREVIEW_RECORD=1` in the environment, writes the golden and
/// fails, saying so. ESC is stored spelled out as `\e` so colored goldens stay readable.
public enum Golden {
    static func directory(_ area: String) -> URL {
        URL(fileURLWithPath: Fixtures.directory).appendingPathComponent("\(area)/golden")
    }

    /// `text` with ESC spelled out as `\e`.
    public static func spelled(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}", with: "\\e")
    }

    /// Checks `actual` against `Fixtures/<area>/golden/<name>`.
    public static func check(_ actual: String, named name: String, area: String = "Render", sourceLocation: SourceLocation = #_sourceLocation) {
        let directory = directory(area)
        let url = directory.appendingPathComponent(name)
        let actual = spelled(actual)
        let recording = ProcessInfo.processInfo.environment["TREEREVIEW_RECORD"] == "1"
        guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("Recorded golden \(name); check it by eye and run again.", sourceLocation: sourceLocation)
            } catch {
                Issue.record("Could not record golden \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard actual != expected else { return }
        Issue.record("Output differs from golden \(name):\n\(lineDiff(expected: expected, actual: actual))",
                     sourceLocation: sourceLocation)
    }

    /// A unified-style line diff (longest common subsequence): `-` expected, `+` actual.
    public static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append("  \(old[i])")
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                lines.append("- \(old[i])")
                i += 1
            } else {
                lines.append("+ \(new[j])")
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
