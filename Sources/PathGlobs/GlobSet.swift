/// Globs tried together against many paths, as a filters file's are: each path is looked at
/// once for what every glob needs (``Glob/isPlainPath(utf8:)``, its first segment and last
/// extension), a glob whose ``GlobKey`` the path lacks is not tried at all, any other at most
/// once per path, and the compiled globs are reached without reference counting.
public struct GlobSet: Sendable {
    /// The globs, by number.
    public let globs: [Glob]
    private let matchers: [GlobMatcher]
    private let index: GlobKeyIndex
    /// Each glob's answer before a path is looked at: 0 (no) for a keyed glob, -1 (untried)
    /// for the others.
    private let blankAnswers: [Int8]

    public init(_ globs: [Glob]) {
        self.globs = globs
        matchers = globs.map(\.matcher)
        let keys = matchers.map { $0.fastPath?.key }
        index = GlobKeyIndex(keys: keys, patterns: matchers.map(\.bytes))
        blankAnswers = keys.map { $0 == nil ? -1 : 0 }
    }

    /// Runs `body` with a ``Probe`` of this set, valid only during the call.
    public func withProbe<Result>(_ body: (inout Probe) -> Result) -> Result {
        let unmanaged = matchers.map { Unmanaged.passUnretained($0) }
        return withExtendedLifetime(matchers) {
            unmanaged.withUnsafeBufferPointer { matchers in
                blankAnswers.withUnsafeBufferPointer { blank in
                    withUnsafeTemporaryAllocation(of: Int8.self, capacity: max(1, matchers.count)) { answers in
                        answers.initialize(repeating: -1)
                        var probe = Probe(matchers: matchers, answers: answers, blank: blank, index: index)
                        return body(&probe)
                    }
                }
            }
        }
    }

    /// One path at a time (``look(at:)``) asked about the set's globs (``matches(_:)``).
    public struct Probe: ~Copyable {
        fileprivate let matchers: UnsafeBufferPointer<Unmanaged<GlobMatcher>>
        /// Each glob's answer for the path: -1 untried, else 0 or 1.
        fileprivate let answers: UnsafeMutableBufferPointer<Int8>
        private let blank: UnsafeBufferPointer<Int8>
        private let index: GlobKeyIndex
        private var path = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        private var plain = true

        fileprivate init(matchers: UnsafeBufferPointer<Unmanaged<GlobMatcher>>, answers: UnsafeMutableBufferPointer<Int8>,
                         blank: UnsafeBufferPointer<Int8>, index: GlobKeyIndex) {
            self.matchers = matchers
            self.answers = answers
            self.blank = blank
            self.index = index
        }

        /// Makes `path` the one asked about, forgetting every answer; the bytes must stay
        /// valid while it is.
        public mutating func look(at path: UnsafeBufferPointer<UInt8>) {
            self.path = path
            plain = Glob.isPlainPath(utf8: path)
            guard !index.isEmpty, let base = answers.baseAddress, let source = blank.baseAddress else {
                answers.update(repeating: -1)
                return
            }
            base.update(from: source, count: blank.count)
            index.forEachCandidate(of: path) { answers[$0] = -1 }
        }

        /// Whether glob `number` is tried for the path (false: its key rules the path out).
        func isTried(_ number: Int) -> Bool { answers[number] != 0 || matchers[number]._withUnsafeGuaranteedRef { $0.fastPath?.key == nil } }

        /// Whether glob `number` matches the path.
        @inline(__always)
        public func matches(_ number: Int) -> Bool {
            if answers[number] < 0 {
                answers[number] = matchers[number]._withUnsafeGuaranteedRef { $0.matches(path, plain: plain) } ? 1 : 0
            }
            return answers[number] == 1
        }
    }
}
