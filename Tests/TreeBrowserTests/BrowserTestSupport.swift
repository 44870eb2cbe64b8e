import TreeBrowser
import TreeModel

/// A path known to be valid, for test literals.
func tp(_ text: String) -> TreePath {
    do { return try TreePath(text) } catch { preconditionFailure("invalid test path \(text): \(error)") }
}

extension TreeBrowserModel {
    /// The visible rows drawn one per line: indentation, ▾/▸ for directories, the label.
    var picture: [String] { rows.map(\.description) }

    /// The visible rows' identities.
    var rowIdentities: [String] { rows.map(\.identity.description) }

    /// The identity of the focused row.
    var focusedIdentity: String? { focusedRowIndex.map { row(at: $0).identity.description } }
}

/// The visible rows computed from scratch by ``ReferenceTree`` from the model's paths,
/// changes and expansion: the oracle the model's incremental updates are checked against.
func referenceRows(of model: TreeBrowserModel) -> [TreeRow] {
    ReferenceTree(copying: model).shape().rows(expanded: model.expandedPaths, flatten: model.isFlattened, icons: model.icons)
}

extension ReferenceTree {
    /// The paths and changes of `model`, created in its depth-first order.
    init(copying model: TreeBrowserModel) {
        self.init(order: model.order)
        for path in model.paths {
            if let change = model.change(of: path) { try! addChange(change) } else { add(path) }
        }
    }
}

/// `old` with `update` applied, taking the new rows from `new`: the reshaped range is
/// replaced, then the rows whose decorations changed are redrawn.
func applying(_ update: TreeUpdate, to old: [TreeRow], from new: [TreeRow]) -> [TreeRow] {
    var rows = old
    if let change = update.rows {
        rows = Array(old[..<change.replaced.lowerBound]) + Array(new[change.inserted])
            + Array(old[change.replaced.upperBound...])
    }
    if let decorations = update.decorations {
        for index in decorations where index < rows.count { rows[index] = new[index] }
    }
    return rows
}
