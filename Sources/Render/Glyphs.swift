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
