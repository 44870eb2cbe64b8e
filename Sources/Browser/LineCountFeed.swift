import TreeModel

/// Where the line counts of a tree shown before them come from (`treereview -i` draws its
/// first frame as soon as the changed paths are known): the counts are made on other threads
/// and the browser takes those made so far a few times a second.
public protocol LineCountFeed: AnyObject {
    /// How many files get a count.
    var total: Int { get }
    /// Starts the counting (the browser asks once its first frame is drawn, so that the
    /// counting does not slow it down); asked again, does nothing.
    func start()
    /// The counts made since the last call, each a file's change with its line counts.
    func take() -> LineCountDelivery
}

/// What a ``LineCountFeed`` hands over at once.
public struct LineCountDelivery: Sendable {
    /// Files with their counts: each change's path, line counts and binary state are read.
    public var counted: [FileChange]
    /// For each of ``counted`` (when not empty), where it is among the changes the browser was
    /// made with: a hint, checked against the change's path (the changes may have been read
    /// again since).
    public var positions: [Int]
    /// Whether every count is made now (or the counting stopped).
    public var isFinished: Bool
    /// Why the counting stopped before every count was made, in the words the command line
    /// would print; `nil` when it did not.
    public var failure: String?

    /// A delivery.
    public init(counted: [FileChange], positions: [Int] = [], isFinished: Bool, failure: String? = nil) {
        self.counted = counted
        self.positions = positions
        self.isFinished = isFinished
        self.failure = failure
    }
}

/// How far the counting of line counts has come, while the browser shows files without them.
struct LineCountProgress: Equatable {
    /// Files counted so far.
    var counted: Int
    /// Files to count.
    var total: Int

    /// The header's note: `counting lines 45%`.
    var note: String {
        let percent = total == 0 ? 100 : min(counted * 100 / total, 99)
        return "counting lines \(percent)%"
    }
}

/// How the counting of a ``LineCountFeed`` ended.
enum LineCountEnd: Equatable {
    /// Every count was made.
    case complete
    /// The counting stopped, for this reason.
    case failed(String)
}
