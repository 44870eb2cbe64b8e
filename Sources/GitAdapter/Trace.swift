import Foundation

/// One phase of a comparison and when it ended, for timing a run (`TREEREVIEW_TRACE`).
public struct TraceMark: Sendable, Equatable {
    /// Seconds since the comparison started.
    public var seconds: Double
    /// What was done (`resolved`, `renames 12`, ...).
    public var phase: String
}

/// Records phase timings as values; whoever runs the comparison decides whether to show them.
struct Trace {
    private let start = Date()
    private(set) var marks: [TraceMark] = []

    mutating func mark(_ phase: String) {
        marks.append(TraceMark(seconds: Date().timeIntervalSince(start), phase: phase))
    }
}
