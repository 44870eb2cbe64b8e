import Foundation
import Testing

/// TreeKit's mappings as `Data/treekit-icons.json` holds them (the source the generated
/// tables come from), read from the repository at test time.
struct TreeKitIconsJSON {
    struct Tables {
        var fileNames: [String: String]
        var extensions: [String: String]
    }

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Icons
        .deletingLastPathComponent()  // TreeModelTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package
        .appendingPathComponent("Data/treekit-icons.json")

    var structural: [String: String]
    var iconNames: [String]
    var sets: [String: Tables]
    var counts: [String: [String: Int]]
    var iconNameCount: Int

    static func load() throws -> TreeKitIconsJSON {
        let data = try Data(contentsOf: url)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let structural = root["structural"] as? [String: String],
              let iconNames = root["iconNames"] as? [String],
              let rawSets = root["sets"] as? [String: [String: [String: String]]],
              let rawCounts = root["counts"] as? [String: Any],
              let iconNameCount = rawCounts["iconNames"] as? Int
        else { throw CocoaError(.fileReadCorruptFile) }
        var sets: [String: Tables] = [:]
        for (name, tables) in rawSets {
            sets[name] = Tables(fileNames: tables["fileNames"] ?? [:], extensions: tables["extensions"] ?? [:])
        }
        var counts: [String: [String: Int]] = [:]
        for (name, value) in rawCounts {
            if let table = value as? [String: Int] { counts[name] = table }
        }
        return TreeKitIconsJSON(structural: structural, iconNames: iconNames, sets: sets, counts: counts, iconNameCount: iconNameCount)
    }
}
