/// The generated tables of each built-in set.
extension TreeKitIconTables {
    static func fileNames(for set: IconSet) -> [(key: String, icon: String)] {
        switch set {
        case .complete: completeFileNames
        case .standard: standardFileNames
        case .minimal: minimalFileNames
        case .none: []
        }
    }

    static func extensions(for set: IconSet) -> [(key: String, icon: String)] {
        switch set {
        case .complete: completeExtensions
        case .standard: standardExtensions
        case .minimal: minimalExtensions
        case .none: []
        }
    }
}
