import Foundation

/// The built `treereview` executable, beside the test bundle.
public enum Binary {
    /// Its path.
    public static let path: String = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("treereview").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "treereview"
    }()
}
