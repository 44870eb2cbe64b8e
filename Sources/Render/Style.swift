import TreeModel

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
    static let dim = Style(parameters: "2")
    public static let red = Style(parameters: "31")
    public static let green = Style(parameters: "32")
    public static let yellow = Style(parameters: "33")
    public static let blue = Style(parameters: "34")
    static let magenta = Style(parameters: "35")
    public static let cyan = Style(parameters: "36")
    static let boldRed = Style(parameters: "1;31")
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

extension Style {
    /// The color of a status letter.
    public static func status(_ status: ChangeStatus) -> Style {
        switch status {
        case .added, .untracked: .green
        case .modified: .yellow
        case .deleted: .red
        case .renamed, .copied: .cyan
        case .typeChanged: .magenta
        case .unmerged: .boldRed
        }
    }

    /// A directory's name: bold blue, or bold in its status color when everything
    /// below it was added, deleted or is untracked.
    public static func directory(_ summary: ChangeSummary) -> Style {
        switch summary.wholeStatus {
        case .added?, .untracked?: .boldGreen
        case .deleted?: .boldRed
        default: .boldBlue
        }
    }

    /// Inserted line counts (`+12`).
    public static let insertions = Style.green
    /// Deleted line counts (`−3`).
    public static let deletions = Style.red
    /// A row that matches the search: underlined bold yellow.
    public static let match = Style(parameters: "1;4;33")
    /// Where a rename or copy came from (` ← Old.swift (96%)`).
    public static let origin = Style.dim
}

/// The characters of one ``Charset``.
struct Glyphs {
    let branch: [UInt8]
    let lastBranch: [UInt8]
    let pipe: [UInt8]
    let blank: [UInt8]
    let arrow: [UInt8]
    let arrowWidth: Int
    let rightArrow: [UInt8]
    let rightArrowWidth: Int
    let minus: [UInt8]
    let separator: [UInt8]
    let ellipsis: [UInt8]
    let ellipsisWidth: Int

    init(_ charset: Charset) {
        switch charset {
        case .unicode:
            branch = Array("├── ".utf8)
            lastBranch = Array("└── ".utf8)
            pipe = Array("│   ".utf8)
            arrow = Array(" ← ".utf8)
            arrowWidth = 3
            rightArrow = Array(" → ".utf8)
            rightArrowWidth = 3
            minus = Array("−".utf8)
            separator = Array(" · ".utf8)
            ellipsis = Array("…".utf8)
            ellipsisWidth = 1
        case .ascii:
            branch = Array("|-- ".utf8)
            lastBranch = Array("`-- ".utf8)
            pipe = Array("|   ".utf8)
            arrow = Array(" <- ".utf8)
            arrowWidth = 4
            rightArrow = Array(" -> ".utf8)
            rightArrowWidth = 4
            minus = Array("-".utf8)
            separator = Array(" - ".utf8)
            ellipsis = Array("...".utf8)
            ellipsisWidth = 3
        }
        blank = Array("    ".utf8)
    }
}
