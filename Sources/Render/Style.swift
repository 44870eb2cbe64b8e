
/// An ANSI text style: one SGR sequence (`ESC [ parameters m`), undone by ``reset``.
///
/// Renderers use styles only when ``RenderOptions/color`` is on.
public struct Style: Hashable, Sendable {
    /// The bytes that switch the style on.
    public let sequence: [UInt8]

    /// A style from SGR parameters, such as `"1;34"` for bold blue.
    public init(parameters: String) {
        sequence = Array("\u{1B}[\(parameters)m".utf8)
    }

    /// The bytes that switch every style off.
    public static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    public static let bold = Style(parameters: "1")
    public static let dim = Style(parameters: "2")
    public static let red = Style(parameters: "31")
    public static let green = Style(parameters: "32")
    public static let yellow = Style(parameters: "33")
    public static let blue = Style(parameters: "34")
    public static let magenta = Style(parameters: "35")
    public static let cyan = Style(parameters: "36")
    public static let boldRed = Style(parameters: "1;31")
    public static let boldGreen = Style(parameters: "1;32")
    public static let boldBlue = Style(parameters: "1;34")

    /// Appends `text` to `output`, wrapped in this style when `enabled`.
    public func append(_ text: [UInt8], to output: inout [UInt8], enabled: Bool) {
        if enabled { output.append(contentsOf: sequence) }
        output.append(contentsOf: text)
        if enabled { output.append(contentsOf: Style.reset) }
    }
}

extension Style {
    /// Switches this style on in `output` when `enabled`.
    func open(_ output: inout [UInt8], enabled: Bool) {
        if enabled { output.append(contentsOf: sequence) }
    }

    /// Switches every style off in `output` when `enabled`.
    static func close(_ output: inout [UInt8], enabled: Bool) {
        if enabled { output.append(contentsOf: reset) }
    }
}
