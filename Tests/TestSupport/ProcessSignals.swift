import Testing

/// A trait for suites whose tests change or read the test process's signal dispositions,
/// handlers or mask (`sigaction`, `signal`, `kill(getpid(), …)`): such state belongs to the
/// whole process, and suites run in parallel, so every test of every suite with this trait
/// runs alone among them (one at a time, in any order). Give it with `.serialized` so that the
/// suite's own tests do not take turns with one another's half-done state either.
public struct ProcessSignalsTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applies to every test in the suite.
    public var isRecursive: Bool { true }

    /// Runs each test case while holding the one lock of the process's signal state.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() }
        await SignalStateLock.shared.acquire()
        do {
            try await function()
        } catch {
            await SignalStateLock.shared.release()
            throw error
        }
        await SignalStateLock.shared.release()
    }
}

extension Trait where Self == ProcessSignalsTrait {
    /// The test changes or reads process-wide signal state (see ``ProcessSignalsTrait``).
    public static var processSignals: Self { Self() }
}

/// A lock that waits without blocking a thread, first come first served.
actor SignalStateLock {
    /// The one lock of the test process.
    static let shared = SignalStateLock()

    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns once the caller holds the lock.
    func acquire() async {
        guard held else {
            held = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the lock to the next waiter, or frees it.
    func release() {
        if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
    }
}
