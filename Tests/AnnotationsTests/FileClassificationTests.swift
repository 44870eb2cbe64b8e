import Testing
import TreeModel
import Annotations

/// gitattributes override linguist's defaults, both ways.
struct FileClassificationTests {
    @Test(arguments: [
        (AttributeState.unspecified, Bool?.none), (.set, true), (.unset, false), (.value("true"), true),
        (.value("false"), false), (.value("1"), true), (.value("no"), true), (.value("FALSE"), true),
    ])
    func linguistReadsAttributesAsBooleans(state: AttributeState, expected: Bool?) {
        #expect(LinguistOverrides.boolean(state) == expected)
    }

    @Test func checkAttrOutputReadsIntoStates() {
        #expect(AttributeState(checkAttrOutput: "set") == .set)
        #expect(AttributeState(checkAttrOutput: "unset") == .unset)
        #expect(AttributeState(checkAttrOutput: "unspecified") == .unspecified)
        #expect(AttributeState(checkAttrOutput: "false") == .value("false"))
    }

    @Test func unspecifiedAttributesLeaveTheDefaults() {
        let lock = FileClassification.resolve(attributes: LinguistOverrides(), path: RawPath("package-lock.json"))
        #expect(lock == FileClassification(isGenerated: true, isVendored: false))
        let vendored = FileClassification.resolve(attributes: LinguistOverrides(), path: RawPath("vendor/a.c"))
        #expect(vendored == FileClassification(isGenerated: false, isVendored: true))
        let source = FileClassification.resolve(attributes: LinguistOverrides(), path: RawPath("src/a.c"))
        #expect(source == FileClassification(isGenerated: false, isVendored: false))
    }

    @Test func attributesOverrideTheDefaultsBothWays() {
        let unmarked = FileClassification.resolve(
            attributes: LinguistOverrides(generated: false, vendored: false), path: RawPath("node_modules/x/package-lock.json"))
        #expect(unmarked == FileClassification(isGenerated: false, isVendored: false))
        let marked = FileClassification.resolve(
            attributes: LinguistOverrides(generated: true, vendored: true), path: RawPath("src/a.c"))
        #expect(marked == FileClassification(isGenerated: true, isVendored: true))
        let mixed = FileClassification.resolve(
            attributes: LinguistOverrides(generated: nil, vendored: false), path: RawPath("node_modules/a.js"))
        #expect(mixed == FileClassification(isGenerated: true, isVendored: false))
    }

    @Test func diffAttributeTreatments() {
        #expect(DiffTreatment(.unspecified) == nil)
        #expect(DiffTreatment(.unset) == .binary)
        #expect(DiffTreatment(.set) == .text)
        #expect(DiffTreatment(.value("lockb")) == .driver("lockb"))
    }
}
