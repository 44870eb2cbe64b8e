import Foundation
import Testing
import TestSupport

/// `treereview explain` end to end on fixture repositories, each part against what git
/// (or the fixture's own text) says independently: the change against `git diff -M
/// --name-status` and `--numstat`, the owners against the CODEOWNERS file's lines, the
/// generated and vendored answers against `git check-attr` and the attributes file's line,
/// the package chain against the report's `--affected` listing and the manifests' lines.
struct ExplainCommandTests {
    /// The document of `explain --format json` with `arguments`, validated by the schema.
    static func explanation(_ arguments: [String], in repository: String, expecting status: Int32 = 0) throws -> [String: Any] {
        let outcome = CLIRunner.run(["explain", "--format", "json"] + arguments, in: repository)
        #expect(outcome.status == status, "\(outcome.error)")
        #expect(try SchemaValidator.errors(outcome.output) == [])
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any])
    }

    static func paths(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["paths"] as? [[String: Any]])
    }

    static func line(_ number: Int, of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return number >= 1 && number <= lines.count ? String(lines[number - 1]) : nil
    }

    @Test func theChangeIsWhatGitDiffSaysOfIt() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let statuses = try Shell.git(["diff", "-M", "--name-status", "main", "feature"], in: repository).text
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let counts = try Shell.git(["diff", "-M", "--numstat", "main", "feature"], in: repository).text
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let newPaths = statuses.map { $0.last! }
        let document = try Self.explanation(["main..feature", "--"] + newPaths, in: repository)
        let explained = try Self.paths(document)
        #expect(explained.count == statuses.count)
        let words: [Character: String] = ["A": "added", "M": "modified", "D": "deleted", "R": "renamed"]
        for (entry, (status, count)) in zip(explained, zip(statuses, counts)) {
            let change = try #require(entry["change"] as? [String: Any], "\(entry)")
            #expect(entry["found"] as? String == "changed")
            #expect(entry["path"] as? String == status.last)
            #expect(change["status"] as? String == words[status[0].first!], "\(status)")
            #expect(change["insertions"] as? Int == Int(count[0]) && change["deletions"] as? Int == Int(count[1]), "\(count)")
            if status[0].hasPrefix("R") {
                #expect(change["oldPath"] as? String == status[1])
                #expect(change["similarity"] as? Int == Int(status[0].dropFirst()))
            } else {
                #expect(change["oldPath"] is NSNull)
            }
        }
        let rename = try #require(statuses.first { $0[0].hasPrefix("R") })
        let byOldPath = try Self.paths(try Self.explanation(["main..feature", "--", rename[1]], in: repository))
        #expect(byOldPath.count == 1)
        #expect(byOldPath.first?["path"] as? String == rename[2] && byOldPath.first?["namedByOldPath"] as? Bool == true)
        let text = CLIRunner.run(["explain", "main..feature", "--", rename[1]], in: repository)
        #expect(text.status == 0)
        #expect(text.text.contains("  Change: renamed from \(rename[1]) (similarity \(Int(rename[0].dropFirst())!)%), 0 lines added, 0 deleted; named by its old path."))
    }

    @Test func ownersNameTheCodeOwnersLineOfTheSideRead() throws {
        let repository = try Fixtures.repository("annotations")
        let base = try Shell.git(["show", "main:docs/CODEOWNERS"], in: repository).text
        let mainID = try Shell.git(["rev-parse", "main"], in: repository).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let document = try Self.explanation(["main...feature", "--", "src/app.c", "api/schema.json", "README.md"], in: repository)
        let byPath = Dictionary(uniqueKeysWithValues: try Self.paths(document).map { ($0["path"] as! String, $0) })
        for (path, pattern, owners) in [("src/app.c", "/src/", ["@org/src-team"]), ("api/schema.json", "*.json", []),
                                        ("README.md", "*", ["@root-owner"])] {
            let found = try #require(byPath[path]?["owners"] as? [String: Any])
            let source = try #require(found["codeOwners"] as? [String: Any])
            #expect(source["side"] as? String == "base" && source["path"] as? String == "docs/CODEOWNERS")
            #expect(source["revision"] as? String == mainID)
            let rule = try #require(found["rule"] as? [String: Any], "\(path)")
            let number = try #require(rule["line"] as? Int)
            let written = try #require(Self.line(number, of: base)).split(separator: " ").map(String.init)
            #expect(written.first == pattern && rule["pattern"] as? String == pattern, "\(path): line \(number)")
            #expect(Array(written.dropFirst()) == owners && rule["owners"] as? [String] == owners)
        }
        let fromNew = try Self.paths(try Self.explanation(["main...feature", "--owners-from", "new", "--", "src/app.c"], in: repository))
        let newSource = try #require((fromNew.first?["owners"] as? [String: Any])?["codeOwners"] as? [String: Any])
        #expect(newSource["side"] as? String == "new" && newSource["path"] as? String == "CODEOWNERS")
        let text = CLIRunner.run(["explain", "main...feature", "--", "src/app.c"], in: repository).text
        #expect(text.contains("  Owners: @org/src-team, by docs/CODEOWNERS line 3, pattern /src/, as of the base side (revision \(mainID.prefix(12)))."))
    }

    /// Each changed file's generated and vendored answers on two sides: where `git check-attr`
    /// finds the attribute specified, the line named holds the pattern and the attribute as
    /// stated; elsewhere the answer is linguist's, from a rule of its table.
    @Test(arguments: [(["main..feature"], GitCheckAttr.Side.revision("feature")), ([], GitCheckAttr.Side.workingTree)])
    func kindsNameTheAttributeLineGitCheckAttrAgreesWith(comparison: [String], side: GitCheckAttr.Side) throws {
        let repository = try Fixtures.repository("annotations")
        let changed = try Shell.git(["diff", "--name-only"] + (comparison.isEmpty ? ["HEAD"] : ["main", "feature"]), in: repository).text
            .split(separator: "\n").map(String.init)
        let names = ["linguist-generated", "linguist-vendored"]
        let states = try GitCheckAttr.states(repository, paths: changed, names: names, side: side)
        let explained = try Self.paths(try Self.explanation(comparison + ["--"] + changed, in: repository))
        #expect(explained.map { $0["path"] as? String } == changed)
        var attributeLines = 0
        for (entry, (path, pathStates)) in zip(explained, zip(changed, states)) {
            for (key, state) in zip(["generated", "vendored"], pathStates) {
                let decision = try #require(entry[key] as? [String: Any])
                let attribute = "linguist-" + key
                guard state != "unspecified" else {
                    #expect(decision["by"] as? String != "attribute", "\(path) \(key)")
                    continue
                }
                attributeLines += 1
                let spelled = state == "set" ? attribute : state == "unset" ? "-" + attribute : "\(attribute)=\(state)"
                #expect(decision["by"] as? String == "attribute" && decision["attribute"] as? String == spelled, "\(path) \(key)")
                #expect(decision["value"] as? Bool == (state != "unset" && state != "false"))
                let file = try #require(decision["file"] as? String)
                let text: String
                if case .revision(let revision) = side {
                    text = try Shell.git(["show", "\(revision):\(file)"], in: repository).text
                } else {
                    text = try String(contentsOfFile: repository + "/" + file, encoding: .utf8)
                }
                let line = try #require(Self.line(decision["line"] as? Int ?? 0, of: text)).split(separator: " ").map(String.init)
                #expect(line.first == decision["pattern"] as? String && line.contains(spelled), "\(path): \(line)")
            }
        }
        #expect(attributeLines >= 2)
        guard !comparison.isEmpty else { return }
        let lock = try #require(explained.first { $0["path"] as? String == "package-lock.json" }?["generated"] as? [String: Any])
        #expect(lock["by"] as? String == "linguistDefault" && lock["pattern"] as? String == "package-lock.json")
        let dist = try #require(explained.first { $0["path"] as? String == "dist/bundle.js" }?["vendored"] as? [String: Any])
        #expect(dist["pattern"] as? String == "dist/" && dist["table"] as? String == "vendor.yml")
    }

    @Test func anAffectedPackagesChainIsTheReportsAndItsLinesTheManifests() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let report = try CLIRunner.json(["--affected", "main..feature"], in: repository)
        let listed = Dictionary(uniqueKeysWithValues: (report["packages"] as! [[String: Any]]).map { ($0["path"] as! String, $0) })
        let explained = try Self.paths(try Self.explanation(
            ["main..feature", "--affected", "--", "apps/web/src/main.ts", "packages/core/src/index.ts"], in: repository))
        let web = try #require(explained.first?["package"] as? [String: Any])
        #expect(explained.first?["found"] as? String == "unchanged")
        #expect(web["path"] as? String == "apps/web" && web["name"] as? String == "web" && web["changedFiles"] as? Int == 0)
        let reason = try #require(web["affected"] as? [String: Any])
        let listedReason = try #require(listed["apps/web"]?["affected"] as? [String: Any])
        #expect(NSDictionary(dictionary: reason).isEqual(to: listedReason))
        let chain = try #require(reason["chain"] as? [[String: Any]])
        #expect(chain.map { $0["dependent"] as? String } == ["packages/ui", "apps/web"])
        for edge in chain {
            let manifest = try Shell.git(["show", "feature:" + (edge["manifest"] as! String)], in: repository).text
            let dependency = try #require(listed[edge["dependency"] as! String]?["name"] as? String)
            #expect(Self.line(edge["line"] as? Int ?? 0, of: manifest)?.contains("\"\(dependency)\"") == true, "\(edge)")
        }
        let core = try #require(explained.last?["package"] as? [String: Any])
        #expect(core["path"] as? String == "packages/core" && core["changedFiles"] as? Int == 2 && core["affected"] is NSNull)
        let affects = try #require(core["affects"] as? [[String: Any]])
        let expected = listed.filter { ($0.value["affected"] as? [String: Any])?["by"] as? String == "packages/core" }.keys.sorted()
        #expect(affects.map { $0["path"] as! String }.sorted() == expected)
        #expect(expected.contains("apps/web") && expected.contains("packages/ui"))
        let text = CLIRunner.run(["explain", "main..feature", "--affected", "--", "apps/web/src/main.ts"], in: repository).text
        #expect(text.contains("    It is affected: packages/core changed; packages/ui depends on packages/core (packages/ui/package.json line 4: dependencies \"@acme/core\": \"workspace:^\"), apps/web depends on packages/ui"))
        let noPackages = try Self.paths(try Self.explanation(["main..feature", "--", "apps/web/src/main.ts"], in: repository))
        #expect(noPackages.first?["package"] == nil)
        #expect(noPackages.first?["groups"] == nil)
    }

    @Test func aPathOnNeitherSideIsSaidAndTheOthersAreStillExplained() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        #expect(try Shell.run("git", ["cat-file", "-e", "feature:no/such/file"], in: repository).status != 0)
        let document = try Self.explanation(["main..feature", "--", "no/such/file", "README.md"], in: repository, expecting: 1)
        let explained = try Self.paths(document)
        #expect(explained.map { $0["found"] as? String } == ["notFound", "changed"])
        #expect(explained.first?["path"] is NSNull && explained.first?["owners"] == nil)
        let text = CLIRunner.run(["explain", "main..feature", "--", "no/such/file", "README.md"], in: repository)
        #expect(text.status == 1)
        #expect(text.errorLines == ["treereview: 'no/such/file' is on neither side of main..feature"])
        #expect(text.text.contains("no/such/file\n  Not found: no file or directory by this name on either side of the comparison.\n"))
        #expect(text.text.contains("README.md\n  Change: added, 2 lines added, 0 deleted.\n"))
        let unchanged = CLIRunner.run(["explain", "main..feature", "--", "apps/web/src/main.ts"], in: repository)
        #expect(unchanged.status == 0 && unchanged.text.contains("  Change: unchanged in this comparison.\n"))
    }

    @Test(arguments: [
        (["explain"], "treereview: explain needs the paths to explain: treereview explain [<comparison>] -- <path>..."),
        (["explain", "main..feature", "--"], "treereview: explain needs the paths to explain: treereview explain [<comparison>] -- <path>..."),
        (["explain", "--format", "markdown", "--", "README.md"], "treereview: explain writes text or --format json, not markdown"),
        (["explain", "--owners", "--", "README.md"], "treereview: option '--owners' does not apply to explain"),
        (["explain", "nosuchrev..feature", "--", "README.md"], nil),
    ])
    func badInputIsOneLineAndStatus2(arguments: [String], line: String?) throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let outcome = CLIRunner.run(arguments, in: repository)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.count == 1)
        if let line { #expect(outcome.errorLines.first.map(String.init) == line) }
    }

    @Test func hostileNamesNeverReachTheTerminalAsControls() throws {
        let repository = try Fixtures.repository("hostile-names")
        let listed = try Shell.git(["diff", "--name-only", "-z", "HEAD~", "HEAD"], in: repository).output
            .split(separator: 0).map { Array($0) }
        #expect(listed.count >= 9)
        let arguments = listed.map { ":(literal)" + String(decoding: $0, as: UTF8.self) }
        let valid = listed.filter { String(validating: $0, as: UTF8.self) != nil }
        let text = CLIRunner.run(["explain", "HEAD~..HEAD", "--"] + valid.map { ":(literal)" + String(decoding: $0, as: UTF8.self) },
                                 in: repository)
        #expect(text.status == 0, "\(text.error)")
        #expect(!text.output.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F })
        #expect(text.text.contains("esc\\e[31mred.txt\n  Change: added"))
        let document = try Self.explanation(["HEAD~..HEAD", "--"] + arguments, in: repository,
                                            expecting: valid.count == listed.count ? 0 : 1)
        let explained = try Self.paths(document).filter { $0["found"] as? String == "changed" }
        let decoded = explained.map { entry -> [UInt8] in
            if let bytes = entry["pathBytes"] as? String { return Array(Data(base64Encoded: bytes)!) }
            return Array((entry["path"] as! String).utf8)
        }
        #expect(decoded == valid)
    }
}

/// The gitattributes line `explain` names, on lines that override one another (the
/// `attribute-origins` fixture): wherever `git check-attr` finds an attribute specified, the
/// line named gives exactly that state (itself or through the macro it names), so an
/// earlier line it overrides, or a shallower file, would not do.
struct ExplainAttributeLineTests {
    @Test func theLineNamedGivesTheStateGitCheckAttrFinds() throws {
        let repository = try Fixtures.repository("attribute-origins")
        let files = try Shell.git(["ls-tree", "-r", "--name-only", "HEAD"], in: repository).text.split(separator: "\n")
            .map(String.init).filter { !$0.hasSuffix(".gitattributes") }
        let names = ["linguist-generated", "linguist-vendored", "linguist-documentation"]
        let states = try GitCheckAttr.states(repository, paths: files, names: names, side: .revision("HEAD"))
        let explained = try ExplainCommandTests.paths(try ExplainCommandTests.explanation(["HEAD~..HEAD", "--"] + files, in: repository))
        #expect(explained.map { $0["path"] as? String } == files)
        var checked = 0, throughMacros = 0, fromInfo = 0, fromSubdirectory = 0
        for (entry, (path, pathStates)) in zip(explained, zip(files, states)) {
            for (name, state) in zip(names, pathStates) {
                let decision = try #require(entry[String(name.dropFirst("linguist-".count))] as? [String: Any])
                guard state != "unspecified" else {
                    #expect(decision["by"] as? String != "attribute", "\(path) \(name)")
                    continue
                }
                checked += 1
                let spelled = state == "set" ? name : state == "unset" ? "-" + name : "\(name)=\(state)"
                #expect(decision["by"] as? String == "attribute" && decision["attribute"] as? String == spelled, "\(path) \(name)")
                let file = try #require(decision["file"] as? String, "\(path) \(name)")
                let text = file == "$GIT_DIR/info/attributes"
                    ? try String(contentsOfFile: repository + "/.git/info/attributes", encoding: .utf8)
                    : try Shell.git(["show", "HEAD:" + file], in: repository).text
                if file.hasPrefix("$GIT_DIR") { fromInfo += 1 } else if file.contains("/") { fromSubdirectory += 1 }
                let tokens = try #require(ExplainCommandTests.line(decision["line"] as? Int ?? 0, of: text)).split(separator: " ").map(String.init)
                #expect(tokens.first == decision["pattern"] as? String, "\(path) \(name): \(tokens)")
                if let macro = decision["macro"] as? String {
                    throughMacros += 1
                    #expect(tokens.dropFirst().contains(macro))
                    let definition = text.split(separator: "\n").first { $0.hasPrefix("[attr]\(macro) ") }
                    #expect(definition?.split(separator: " ").map(String.init).contains(spelled) == true, "\(path) \(name)")
                } else {
                    #expect(tokens.dropFirst().contains(spelled), "\(path) \(name): \(tokens)")
                }
            }
        }
        #expect(checked >= 12 && throughMacros == 2 && fromInfo == 2 && fromSubdirectory >= 3, "\(checked) \(throughMacros) \(fromInfo) \(fromSubdirectory)")
    }
}
