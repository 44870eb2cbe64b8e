/// One element of a segment pattern that has wildcards.
enum GlobToken: Hashable, Sendable {
    /// This byte, exactly (or ignoring ASCII case, when the pattern says so).
    case byte(UInt8)
    /// `*`: any run of bytes within one segment, the empty run included.
    case anyRun
    /// `?`: any one character (one UTF-8 sequence, or one stray byte).
    case anyCharacter
}
