extension TerminalText {
    /// Shortens already-escaped text in the middle, keeping its start and end, so that it
    /// takes at most `width` columns: `Sources/Very…Name.swift`.
    static func middleTruncated(_ text: [UInt8], toWidth width: Int, ellipsis: [UInt8], ellipsisWidth: Int) -> (text: [UInt8], width: Int) {
        let scalars = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        let widths = scalars.map { Self.width(of: $0) }
        let room = max(0, width - ellipsisWidth)
        let headRoom = (room + 1) / 2
        let tailRoom = room - headRoom
        var head = 0, headWidth = 0
        while head < scalars.count && headWidth + widths[head] <= headRoom {
            headWidth += widths[head]
            head += 1
        }
        var tail = scalars.count, tailWidth = 0
        while tail > head && tailWidth + widths[tail - 1] <= tailRoom {
            tailWidth += widths[tail - 1]
            tail -= 1
        }
        while tail < scalars.count && widths[tail] == 0 { tail += 1 }
        var result: [UInt8] = []
        for scalar in scalars[..<head] { result.append(contentsOf: String(scalar).utf8) }
        result.append(contentsOf: ellipsis)
        for scalar in scalars[tail...] { result.append(contentsOf: String(scalar).utf8) }
        return (result, headWidth + ellipsisWidth + tailWidth)
    }
}
