import Render
import TreeModel

/// How the browser draws: the renderer's options (color, characters, icons) and whether line
/// counts were read.
public struct BrowserStyle: Sendable {
    /// Colors, characters and icons, as the printed tree uses them. The width is the pane's,
    /// set per frame; the value here is ignored.
    public var render: RenderOptions
    /// Whether rows show line counts (`false` under `--no-stat` and for `--stdin`).
    public var linesCounted: Bool

    /// A style.
    public init(render: RenderOptions = RenderOptions(), linesCounted: Bool = true) {
        self.render = render
        self.linesCounted = linesCounted
    }

    /// Whether colors are on.
    public var color: Bool { render.color }
}
