import Foundation
@testable import PathGlobs
import Testing
import TestSupport

/// Our answers against picomatch's for generated patterns and paths: 20,000 pairs or more,
/// seed 1 unless `GLOB_SEED` names another (`GLOB_PAIRS` asks for more pairs).
@Suite struct GlobDifferentialTests {
    @Test func agreesWithPicomatchOnGeneratedPairs() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = UInt64(environment["GLOB_SEED"] ?? "") ?? 1
        let wanted = Int(environment["GLOB_PAIRS"] ?? "") ?? 20_000
        var generator = GlobCaseGenerator(seed: seed)
        var questions: [Picomatch.Question] = []
        var pairs = 0
        while pairs < wanted {
            let (pattern, paths) = generator.next()
            questions.append(Picomatch.Question(pattern: pattern, paths: paths))
            pairs += paths.count
        }
        let answers = try Picomatch.answers(questions)
        var differences = 0, trueAnswers = 0, falseAnswers = 0, slow = 0, fastPaths = 0, plainPaths = 0, otherPaths = 0
        for (question, theirs) in zip(questions, answers) {
            let glob = try? Glob(question.pattern)
            if glob?.usesFastPath == true { fastPaths += 1 }
            for (path, answer) in zip(question.paths, theirs) {
                if answer == .tooSlow {
                    slow += 1
                    continue
                }
                guard answer != .refused else {
                    #expect(glob == nil, "picomatch refuses \(question.pattern.debugDescription); we accept it")
                    continue
                }
                let their = answer == .yes
                if their { trueAnswers += 1 } else { falseAnswers += 1 }
                let ours = path.withUnsafeBufferPointer { glob?.matches(utf8: $0) }
                let byProgram = path.withUnsafeBufferPointer { glob?.matchesByProgram($0) }
                let plain = path.withUnsafeBufferPointer { Glob.isPlainPath(utf8: $0) }
                if plain { plainPaths += 1 } else { otherPaths += 1 }
                let told = path.withUnsafeBufferPointer { glob?.matches(utf8: $0, plain: plain) }
                if ours != their || byProgram != their || told != their {
                    differences += 1
                    if differences <= 30 {
                        Issue.record("""
                            seed \(seed): pattern \(question.pattern.debugDescription) path \
                            \(String(decoding: path, as: UTF8.self).debugDescription) \(path): picomatch \(their), \
                            ours \(ours.map(String.init) ?? "refused"), program \(byProgram.map(String.init) ?? "refused"), told plain \(plain) \(told.map(String.init) ?? "refused")
                            """)
                    }
                }
            }
        }
        print("glob differential, seed \(seed): \(pairs) pairs, \(trueAnswers) match, \(falseAnswers) do not, \(differences) differences, \(slow) too slow for picomatch, \(fastPaths) patterns on a fast path; features \(generator.counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))")
        #expect(differences == 0, "seed \(seed): \(differences) differences in \(pairs) pairs")
        #expect(plainPaths > pairs / 10 && otherPaths > pairs / 10, "plain paths \(plainPaths), others \(otherPaths)")
        #expect(fastPaths >= 100, "only \(fastPaths) patterns take a fast path")
        #expect(slow < pairs / 100, "picomatch took too long on \(slow) pairs")
        #expect(trueAnswers > pairs / 10, "only \(trueAnswers) of \(pairs) pairs match")
        #expect(falseAnswers > pairs / 10, "only \(falseAnswers) of \(pairs) pairs do not match")
        for feature in GlobCaseGenerator.Feature.allCases {
            #expect(generator.counts[feature, default: 0] >= 30, "\(feature) used in only \(generator.counts[feature, default: 0]) patterns")
        }
    }
}
