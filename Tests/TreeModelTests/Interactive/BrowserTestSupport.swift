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

/// The visible rows computed from scratch through the public API: the oracle the model's
/// incremental updates are checked against.
func referenceRows(of model: TreeBrowserModel) -> [TreeRow] {
    var rows: [TreeRow] = []
    func walk(_ children: [TreePath], level: Int) {
        for child in children {
            var chain = [child]
            if model.isFlattened {
                while chain[chain.count - 1].isDirectory {
                    let below = model.children(of: chain[chain.count - 1])
                    guard below.count == 1, below[0].isDirectory else { break }
                    chain.append(below[0])
                }
            }
            let last = chain[chain.count - 1]
            let open = last.isDirectory && chain.allSatisfy(model.isExpanded)
            rows.append(TreeRow(identity: last, chain: chain, level: level, isExpanded: open))
            if open { walk(model.children(of: last), level: level + 1) }
        }
    }
    walk(model.children(of: nil), level: 0)
    return rows
}

/// `old` with `update`'s replacement applied, taking the new rows from `new`.
func applying(_ update: TreeUpdate, to old: [TreeRow], from new: [TreeRow]) -> [TreeRow] {
    guard let change = update.rows else { return old }
    return Array(old[..<change.replaced.lowerBound]) + Array(new[change.inserted])
        + Array(old[change.replaced.upperBound...])
}
