import Dispatch
import Synchronization
import TreeBrowser
import TreeModel

/// Ranked find's candidates for one tree, made on another thread while the user browses, so
/// that the first `/` finds them ready (Docs/Browser.md, Speed): from the change tree the
/// browser starts with, or from the model once the user pauses after a filter. They hold
/// for the model's ``TreeBrowserModel/revision`` they were started at.
final class FinderPreparation: Sendable {
    /// The model revision the candidates describe.
    let revision: Int
    private let prepared = Mutex<RankedFind?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts preparing the candidates of `changeTree`, the tree the model shows at `revision`.
    init(changeTree: ChangeTree, icons: IconResolver, revision: Int) {
        self.revision = revision
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let finder = RankedFind(browsing: changeTree, icons: icons)
            prepared.withLock { $0 = finder }
            done.signal()
        }
    }

    /// Starts preparing the candidates of the files `model` shows (a filter's), as `/` would
    /// make them from it. The thread lets go of its copy of the model when done.
    init(model: TreeBrowserModel, icons: IconResolver) {
        revision = model.revision
        DispatchQueue.global(qos: .userInitiated).async { [self, model] in
            let finder = RankedFind(model: model, icons: icons)
            prepared.withLock { $0 = finder }
            done.signal()
        }
    }

    /// The candidates if they are ready, without waiting.
    var readyFinder: RankedFind? { prepared.withLock { $0 } }

    /// The candidates, waiting for them when they are not ready yet.
    func finder() -> RankedFind {
        if let finder = prepared.withLock({ $0 }) { return finder }
        done.wait()
        done.signal()
        return prepared.withLock { $0! }
    }
}
