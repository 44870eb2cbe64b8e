import Foundation

/// How rename and copy detection runs, with everything resolved: flags, then config, then
/// git's defaults.
struct RenameOptions: Sendable, Equatable {
    /// Whether copies are looked for as well (`-C`, `diff.renames=copies`).
    var copies: Bool
    /// Whether unmodified files are copy sources too (`--find-copies-harder`).
    var harder: Bool
    /// The minimum score, 0...60000 (git's default 30000).
    var minimumScore: Int
    /// `-l` / `diff.renameLimit`: the matrix runs when sources × destinations ≤ limit²;
    /// 0 or less means no limit.
    var limit: Int
    /// The same-basename pass accepts `minimum + factor% × (60000 − minimum)`
    /// (`GIT_BASENAME_FACTOR`, default 50).
    var basenameFactor: Int = 50

    /// git's default `diff.renameLimit`.
    static let defaultLimit = 1000

    /// The options for a setting, or `nil` when detection is off.
    init?(_ setting: RenameSetting, limit: Int?, environment: [String: String] = [:]) {
        switch setting {
        case .off:
            return nil
        case .renames(let threshold):
            copies = false
            harder = false
            minimumScore = threshold ?? RenameSetting.defaultThreshold
        case .copies(let threshold, let harder):
            copies = true
            self.harder = harder
            minimumScore = threshold ?? RenameSetting.defaultThreshold
        }
        // git treats a score of 0 as "not given".
        if minimumScore == 0 { minimumScore = RenameSetting.defaultThreshold }
        self.limit = limit ?? Self.defaultLimit
        if let factor = environment["GIT_BASENAME_FACTOR"].flatMap(Self.leadingInteger) {
            basenameFactor = min(max(factor, 0), 100)
        }
    }

    /// Whether `destinations` × `sources` candidates exceed the limit's square, git's test for
    /// skipping the matrix. Safe for any limit: one whose square no `Int` holds never is exceeded.
    func exceedsLimit(destinations: Int, sources: Int) -> Bool {
        guard limit > 0 else { return false }
        let (square, squareOverflows) = limit.multipliedReportingOverflow(by: limit)
        if squareOverflows { return false }
        let (candidates, candidatesOverflow) = destinations.multipliedReportingOverflow(by: sources)
        return candidatesOverflow || candidates > square
    }

    /// The score a same-basename pair must reach.
    var minimumBasenameScore: Int {
        minimumScore + Int(Double(basenameFactor) / 100.0 * Double(Similarity.maximumScore - minimumScore))
    }

    /// `strtol`'s reading of a number, as git reads `GIT_BASENAME_FACTOR`: leading blanks, a
    /// sign, digits (saturating), anything after ignored; 0 when there are no digits.
    private static func leadingInteger(_ text: String) -> Int? {
        text.withCString { strtol($0, nil, 10) }
    }
}
