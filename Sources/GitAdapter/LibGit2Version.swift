internal import CLibGit2

/// Which libgit2 treereview was compiled against and which one it runs with; they differ when
/// the library found at run time is not the one whose headers the build read.
public enum LibGit2Version {
    /// The headers' version (`LIBGIT2_VERSION`), "1.5.1".
    public static let compiled: String = LIBGIT2_VERSION

    /// The loaded library's version (`git_libgit2_version`), "1.5.1".
    public static var loaded: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }
}
