import Background
import GitAdapter

/// The repository a `--stdin` run starts in, if any, opened and its `treereview`
/// configuration read on a thread of its own while standard input is read and split:
/// opening one initializes libgit2, which parses the system's CA bundle (about 5 ms).
/// A change list needs no repository, so one that cannot be opened or read is none.
///
/// Handed over only once that thread is done with it: a ``Repository`` is confined to one
/// thread at a time, and ``PendingResult/wait()`` returns after the thread's last use.
struct StdinRepository: @unchecked Sendable {
    let repository: Repository?
    let config: RepositoryConfig?

    /// Starts opening the repository that contains `directory`, as `environment` finds it.
    static func open(at directory: String, environment: [String: String]) -> PendingResult<StdinRepository> {
        PendingResult {
            let repository = try? Repository.open(at: directory, environment: environment)
            return StdinRepository(repository: repository, config: try? repository?.readConfig(section: "treereview"))
        }
    }
}
