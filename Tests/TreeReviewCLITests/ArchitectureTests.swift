import Foundation
import Testing
import TestSupport

/// `Docs/Architecture.md` is kept true: its module table names every module of
/// `Package.swift` with exactly the modules it depends on, each module's sources import
/// exactly those, and the table's imports column names every module a module's sources
/// import, the system's too (`Foundation`, `Glibc`, `Dispatch`). Only
/// `GitAdapter` reaches libgit2; the C shims, `CLibGit2`, `CDeflate`, `CZlib`, `CSystem` and `CYAML`, have no Swift sources.
@Suite struct ArchitectureTests {
    static let root = Fixtures.directory + "/.."

    /// The modules under `Sources/` and the modules each depends on, from `Package.swift`.
    static let manifest: [String: Set<String>] = {
        let text = (try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8)) ?? ""
        let pattern = /\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?(?:,\s*path:\s*"([^"]+)")?/
        var modules: [String: Set<String>] = [:]
        for match in text.matches(of: pattern) where match.output.3 == nil {
            let dependencies = (match.output.2 ?? "").matches(of: /"([^"]+)"/).map { String($0.output.1) }
            modules[String(match.output.1)] = Set(dependencies)
        }
        return modules
    }()

    /// The module table of `Docs/Architecture.md`: module → the modules named in its
    /// "imports" column.
    static let documented: [String: Set<String>] = {
        let text = (try? String(contentsOfFile: root + "/Docs/Architecture.md", encoding: .utf8)) ?? ""
        var rows: [String: Set<String>] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.firstIndex { $0.hasPrefix("| module | imports |") } ?? lines.endIndex
        for line in lines[header...].prefix(while: { $0.hasPrefix("|") }) where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let module = cells[1].firstMatch(of: /^`([^`]+)`$/)?.output.1 else { continue }
            let named = cells[2].matches(of: /`([^`]+)`/).map { String($0.output.1) }
            rows[String(module)] = Set(named)
        }
        return rows
    }()

    @Test func theManifestIsRead() {
        #expect(Self.manifest.count >= 10)
        #expect(Self.manifest["GitAdapter"] == ["CLibGit2", "CDeflate", "CZlib", "GitRules", "Locking", "TreeModel", "Annotations", "Background", "Packages"])
        #expect(Self.manifest["GitRules"] == [], "git's text rules sit below every module")
    }

    @Test func everyModuleIsInTheTableWithItsDependencies() {
        let modules = Set(Self.manifest.keys)
        #expect(Set(Self.documented.keys) == modules)
        for (module, dependencies) in Self.manifest {
            #expect(Self.documented[module].map { $0.intersection(modules) } == dependencies, "\(module)")
        }
    }

    /// Every module a module's Swift sources import, the system's included.
    static func imports(of module: String) throws -> Set<String> {
        let directory = root + "/Sources/" + module
        var imported: Set<String> = []
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for match in text.matches(of: /(?m)^(?:@\w+\s+)?(?:(?:public|internal|package)\s+)?import\s+(\w+)/) {
                imported.insert(String(match.output.1))
            }
        }
        return imported
    }

    static let swiftModules = manifest.keys.filter { !["CLibGit2", "CDeflate", "CZlib", "CSystem", "CYAML"].contains($0) }

    @Test func sourcesImportExactlyTheirDependencies() throws {
        let modules = Set(Self.manifest.keys)
        for module in Self.swiftModules {
            #expect(try Self.imports(of: module).intersection(modules) == Self.manifest[module], "\(module)")
        }
    }

    /// The imports column is the whole list: a module that starts importing `Foundation` or
    /// `Glibc` says so in the table.
    @Test func theTableNamesEverySystemModuleImported() throws {
        var systemModules: Set<String> = []
        for module in Self.swiftModules {
            let imported = try Self.imports(of: module)
            systemModules.formUnion(imported.subtracting(Self.manifest.keys))
            #expect(Self.documented[module] == imported, "\(module)")
        }
        #expect(systemModules.isSuperset(of: ["Foundation", "Glibc", "Dispatch"]))
    }

    /// `Scripts/fuzz` compiles the library modules itself: its list names every one, each
    /// after the modules it depends on, so a new module cannot break the fuzz build unseen.
    @Test func theFuzzBuildListsEveryLibraryModuleInDependencyOrder() throws {
        let script = try String(contentsOfFile: Self.root + "/Scripts/fuzz", encoding: .utf8)
        let list = try #require(script.firstMatch(of: /(?m)^MODULES=\(([^)]*)\)/)).output.1.split(separator: " ").map(String.init)
        let executables = ["treereview", "TerminalUIDemo"]
        #expect(Set(list) == Set(Self.swiftModules).subtracting(executables))
        for (position, module) in list.enumerated() {
            let dependencies = (Self.manifest[module] ?? []).subtracting(["CLibGit2", "CDeflate", "CZlib", "CSystem", "CYAML"])
            #expect(dependencies.isSubset(of: list.prefix(position)), "\(module) comes before one of \(dependencies)")
        }
    }

    /// `FileTree`'s storage is read only inside TreeModel, behind `TreeNodes`
    /// (Docs/TreeModel.md#reading-the-tree): no other module's source names it.
    @Test func onlyTreeModelReadsTheTreesStorage() throws {
        var readers: [String] = []
        for module in Self.manifest.keys where !["TreeModel", "CLibGit2", "CDeflate", "CZlib", "CSystem", "CYAML"].contains(module) {
            let directory = Self.root + "/Sources/" + module
            for file in try FileManager.default.subpathsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                if text.contains(/\.(?:slots|childList)\b|nodeOfEntry|\bFileTree\.Slot\b/) { readers.append(module + "/" + file) }
            }
        }
        #expect(Self.manifest.count >= 10)
        #expect(readers == [])
    }
}
