import Testing
import TreeModel

/// Docs/TreeModel.md#icons: the built-in sets are TreeKit's, mapping for mapping.
struct IconCatalogTests {
    @Test func completeHasTreeKitsCounts() {
        #expect(IconCatalog.complete.fileNames.count == 107)
        #expect(IconCatalog.complete.extensions.count == 120)
        #expect(IconCatalog.treeKitIconNames.count == 57)
        #expect(Set(IconCatalog.treeKitIconNames).count == 57)
        #expect(IconCatalog.standard.fileNames.count == 11)
        #expect(IconCatalog.standard.extensions.count == 105)
        #expect(IconCatalog.minimal.fileNames.isEmpty)
        #expect(IconCatalog.minimal.extensions.count == 33)
        #expect(IconCatalog.none.fileNames.isEmpty && IconCatalog.none.extensions.isEmpty)
    }

    @Test func completeUsesTreeKitsNamesAndEveryNameButTheSymlinkIcon() {
        let used = Set(IconCatalog.complete.iconNames)
        #expect(used.isSubset(of: IconCatalog.treeKitIconNames))
        #expect(Set(IconCatalog.treeKitIconNames).subtracting(used) == ["file-symlink-duo"])
    }

    @Test func structuralNamesAreTreeKitsInEverySet() {
        for set in IconSet.allCases {
            let catalog = IconCatalog(set: set)
            #expect(IconSlot.allCases.map(catalog.name(for:)) == ["file-duo", "folder-duo", "folder-open-duo"])
        }
    }

    @Test func keysAreLowercaseAndExtensionsHaveNoLeadingDot() {
        for set in IconSet.allCases {
            let catalog = IconCatalog(set: set, extras: true)
            for key in catalog.fileNames.keys { #expect(key == key.lowercased(), "\(set): \(key)") }
            for key in catalog.extensions.keys {
                #expect(key == key.lowercased() && !key.hasPrefix(".") && !key.hasSuffix("."), "\(set): \(key)")
            }
        }
    }

    @Test func extrasAddButNeverChangeTreeKitsMappings() {
        for set in IconSet.allCases {
            let treeKit = IconCatalog(set: set)
            let extended = IconCatalog(set: set, extras: true)
            for (key, icon) in treeKit.fileNames { #expect(extended.fileNames[key] == icon, "\(set) \(key)") }
            for (key, icon) in treeKit.extensions { #expect(extended.extensions[key] == icon, "\(set) \(key)") }
            #expect(extended.includesExtras == (set != .none))
        }
        let extended = IconCatalog(set: .complete, extras: true)
        #expect(extended.fileNames["makefile"] == "makefile")
        #expect(extended.fileNames["package.swift"] == "swiftpm")
        #expect(extended.fileNames["go.mod"] == "lang-go")
        #expect(extended.fileNames["cargo.toml"] == "lang-rust")
        #expect(extended.fileNames["cmakelists.txt"] == "cmake")
        #expect(extended.fileNames[".swift-version"] == "lang-swift")
        #expect(extended.fileNames["dockerfile"] == "docker")
        #expect(IconCatalog(set: .none, extras: true).fileNames.isEmpty)
    }

    @Test func extrasResolveAheadOfTheGenericExtension() {
        let resolver = IconResolver(catalog: IconCatalog(set: .complete, extras: true))
        #expect(resolver.resolveFile(named: "CMakeLists.txt").name == "cmake")
        #expect(resolver.resolveFile(named: "Package.swift").name == "swiftpm")
        #expect(resolver.resolveFile(named: "GNUmakefile").name == "makefile")
        #expect(resolver.resolveFile(named: "notes.txt").name == "file-text-duo")
        #expect(IconResolver().resolveFile(named: "CMakeLists.txt").name == "file-text-duo", "TreeKit's complete set alone")
    }

    @Test func extraKeysAreUniqueAndLowercase() {
        let fileKeys = IconCatalog.extraFileNames.map(\.key)
        let extensionKeys = IconCatalog.extraExtensions.map(\.key)
        #expect(Set(fileKeys).count == fileKeys.count)
        #expect(Set(extensionKeys).count == extensionKeys.count)
        #expect((fileKeys + extensionKeys).allSatisfy { $0 == $0.lowercased() })
    }

    @Test func allIconNamesCoverEverySetWithAndWithoutExtras() {
        let all = Set(IconCatalog.allIconNames)
        #expect(all.isSuperset(of: IconCatalog.treeKitIconNames))
        for set in IconSet.allCases {
            for extras in [false, true] {
                #expect(all.isSuperset(of: IconCatalog(set: set, extras: extras).iconNames), "\(set) extras: \(extras)")
            }
        }
    }

    @Test
    func countsEqualTheJSONs() throws {
        let json = try TreeKitIconsJSON.load()
        #expect(json.iconNameCount == 57)
        #expect(IconCatalog.treeKitIconNames == json.iconNames)
        for set in [IconSet.complete, .standard, .minimal] {
            let catalog = IconCatalog(set: set)
            #expect(catalog.fileNames.count == json.counts[set.rawValue]?["fileNames"], "\(set)")
            #expect(catalog.extensions.count == json.counts[set.rawValue]?["extensions"], "\(set)")
        }
        #expect(json.counts["complete"] == ["fileNames": 107, "extensions": 120])
    }

    @Test
    func tablesEqualTheJSONs() throws {
        let json = try TreeKitIconsJSON.load()
        for set in [IconSet.complete, .standard, .minimal] {
            let tables = try #require(json.sets[set.rawValue])
            #expect(IconCatalog(set: set).fileNames == tables.fileNames, "\(set)")
            #expect(IconCatalog(set: set).extensions == tables.extensions, "\(set)")
        }
        let catalog = IconCatalog.complete
        #expect(json.structural == ["file": catalog.name(for: .file), "folder": catalog.name(for: .folder), "folderOpen": catalog.name(for: .folderOpen)])
    }

    /// Every mapping of the JSON resolves through the built-in catalog to its icon: a basename
    /// key as a file name; an extension key as the extension of a name that no basename or
    /// longer compound key claims (`x.KEY`).
    @Test
    func everyJSONMappingResolvesToItsIcon() throws {
        let json = try TreeKitIconsJSON.load()
        for set in [IconSet.complete, .standard, .minimal] {
            let tables = try #require(json.sets[set.rawValue])
            for extras in [false, true] {
                let resolver = IconResolver(catalog: IconCatalog(set: set, extras: extras))
                for (key, icon) in tables.fileNames {
                    #expect(resolver.resolveFile(named: key) == IconResolution(name: icon, rule: .builtInBasename, colored: set == .complete), "\(set) \(key)")
                    #expect(resolver.resolveFile(named: key.uppercased()).name == icon, "\(set) \(key) uppercased")
                }
                for (key, icon) in tables.extensions {
                    let resolution = resolver.resolveFile(named: "x." + key)
                    #expect(resolution == IconResolution(name: icon, rule: .builtInExtension, colored: set == .complete), "\(set) .\(key)")
                }
            }
        }
        let none = IconResolver(catalog: .none)
        for key in try #require(json.sets["complete"]).fileNames.keys {
            #expect(none.resolveFile(named: key).name == json.structural["file"], "none: \(key)")
        }
    }
}
