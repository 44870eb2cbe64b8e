import Background
import Foundation

/// Runs independent pieces of work on several threads. Each worker builds its own context (for
/// example a repository handle, which must stay on one thread) and pulls items in chunks.
enum Parallel {
    /// `body(context, index)` for every index in `0..<count`, on up to `workers` threads; the
    /// results in order. The first error thrown by any worker is rethrown after all workers stop.
    static func map<Context, Result>(
        count: Int, chunk: Int = 16, workers: Int,
        context makeContext: () throws -> Context,
        _ body: (inout Context, Int) throws -> Result
    ) throws -> [Result] {
        if count == 0 { return [] }
        let threads = max(1, min(workers, (count + chunk - 1) / chunk))
        var results = [Result?](repeating: nil, count: count)
        let queue = WorkQueue(count: count, chunk: chunk)
        try results.withUnsafeMutableBufferPointer { buffer in
            try withoutActuallyEscaping(makeContext) { makeContext in
                try withoutActuallyEscaping(body) { body in
                    let job = Job(makeContext: makeContext, body: body, output: buffer, queue: queue)
                    if threads == 1 {
                        job.run()
                    } else {
                        DispatchQueue.concurrentPerform(iterations: threads) { _ in job.run() }
                    }
                    if let error = queue.error { throw error }
                }
            }
        }
        return results.map { $0! }
    }

    /// Like ``map(count:chunk:workers:context:_:)``, on `workers` threads of their own at nice
    /// value `niceness` (``BackgroundThread``), not Dispatch's pool: a pool thread would keep
    /// the lowered priority for the work it runs next. The caller waits.
    static func map<Context, Result: Sendable>(
        count: Int, chunk: Int = 16, workers: Int, niceness: Int32,
        context makeContext: @escaping @Sendable () throws -> Context,
        _ body: @escaping @Sendable (inout Context, Int) throws -> Result
    ) throws -> [Result] {
        if count == 0 { return [] }
        let threads = max(1, min(workers, (count + chunk - 1) / chunk))
        let output = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        output.initialize(repeating: nil)
        defer {
            _ = output.deinitialize()
            output.deallocate()
        }
        let queue = WorkQueue(count: count, chunk: chunk)
        let job = Job(makeContext: makeContext, body: body, output: output, queue: queue)
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            BackgroundThread.start(niceness: niceness) {
                job.run()
                finished.leave()
            }
        }
        finished.wait()
        if let error = queue.error { throw error }
        return output.map { $0! }
    }

    /// Like ``map(count:chunk:workers:context:_:)`` for work that needs no per-worker context.
    static func map<Result>(count: Int, chunk: Int = 16, workers: Int, _ body: (Int) throws -> Result) throws -> [Result] {
        try map(count: count, chunk: chunk, workers: workers, context: { () }, { _, index in try body(index) })
    }
}

/// One parallel map: what each worker runs. Workers write to disjoint indices of `output`
/// and synchronize through `queue`, so sharing it across threads is safe.
private final class Job<Context, Result>: @unchecked Sendable {
    let makeContext: () throws -> Context
    let body: (inout Context, Int) throws -> Result
    let output: UnsafeMutableBufferPointer<Result?>
    let queue: WorkQueue

    init(makeContext: @escaping () throws -> Context, body: @escaping (inout Context, Int) throws -> Result,
         output: UnsafeMutableBufferPointer<Result?>, queue: WorkQueue) {
        self.makeContext = makeContext
        self.body = body
        self.output = output
        self.queue = queue
    }

    func run() {
        var current = -1
        do {
            var context = try makeContext()
            while let range = queue.take() {
                for index in range {
                    current = index
                    output[index] = try body(&context, index)
                }
            }
        } catch {
            queue.fail(error, at: current)
        }
    }
}

/// Hands out chunks of indices to workers, in order, and keeps the error of the lowest index
/// that failed: after a failure no chunk is handed out, but the chunks below it, all handed
/// out already, are finished, so the error is the one a loop in order would have met first,
/// whatever the timing.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private let chunk: Int
    private var failure: Error?
    private var failedIndex = Int.max

    init(count: Int, chunk: Int) {
        self.count = count
        self.chunk = chunk
    }

    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// The next chunk, or `nil` when the work is done or a worker failed.
    func take() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, next < count else { return nil }
        let start = next
        next = min(count, next + chunk)
        return start..<next
    }

    /// Records `error`, met at `index` (-1: before any index), unless a lower index failed.
    func fail(_ error: Error, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        if index < failedIndex {
            failure = error
            failedIndex = index
        }
    }
}
