/// Which of linguist's kinds a rule gives, or a path has: generated, vendored, both.
struct LinguistKinds: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let generated = LinguistKinds(rawValue: 1)
    static let vendored = LinguistKinds(rawValue: 2)
}
