import Render
import TerminalUI
import TreeModel

/// A diff source that has no diff to show: one line, `diff of <path>`, for every file.
/// The browser uses it where no repository can give patches (a change list from `--stdin`)
/// and in tests.
public struct PlaceholderDiffSource: DiffSource {
    /// A placeholder source.
    public init() {}

    /// `diff of <path>`, the path escaped, clipped to `width`.
    public func lines(for change: FileChange, width: Int) throws -> [Line] {
        var bytes = Array("diff of ".utf8)
        let pathWidth = TerminalText.append(change.path.bytes, to: &bytes)
        return [LineFitting.fitted(Line(bytes: bytes, width: 8 + pathWidth), to: width)]
    }
}
