import Foundation
import Testing
@testable import TerminalUI

@Suite struct InputReaderTests {
    /// A reader of a pipe that the test writes to, with a second pipe standing for the
    /// signal self-pipe.
    private final class Pipes {
        let input: (read: Int32, write: Int32)
        let wake: (read: Int32, write: Int32)

        init() throws {
            input = try FileDescriptor.makePipe()
            wake = try FileDescriptor.makePipe()
        }

        deinit {
            for descriptor in [input.read, input.write, wake.read, wake.write] { close(descriptor) }
        }

        func type(_ text: String) { FileDescriptor.writeAll(input.write, Array(text.utf8)) }

        func type(_ text: String, after delay: Duration) {
            let descriptor = input.write
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
                FileDescriptor.writeAll(descriptor, Array(text.utf8))
            }
        }
    }

    private func key(_ key: Key, _ modifiers: Modifiers = []) -> InputReader.Wakeup {
        .input(.key(KeyEvent(key, modifiers: modifiers)))
    }

    @Test func theRestOfASequenceWithinTheDelayMakesOneKey() throws {
        let pipes = try Pipes()
        var reader = InputReader(input: pipes.input.read, wake: pipes.wake.read, escapeDelay: .seconds(30))
        pipes.type("\u{1B}")
        pipes.type("[A", after: .milliseconds(50))
        #expect(reader.next(timeout: .seconds(10)) == key(.up))
    }

    @Test func aLoneEscapeIsReportedAfterTheDelay() throws {
        let pipes = try Pipes()
        var reader = InputReader(input: pipes.input.read, wake: pipes.wake.read, escapeDelay: .milliseconds(25))
        let clock = ContinuousClock()
        let start = clock.now
        pipes.type("\u{1B}")
        #expect(reader.next(timeout: .seconds(30)) == key(.escape))
        #expect(clock.now - start >= .milliseconds(25))
    }

    /// The key is typed once the escape has been reported: typed on a timer instead, a busy
    /// machine could deliver both in one read.
    @Test func aKeyAfterTheDelayIsNotAltWithIt() throws {
        let pipes = try Pipes()
        var reader = InputReader(input: pipes.input.read, wake: pipes.wake.read, escapeDelay: .milliseconds(25))
        pipes.type("\u{1B}")
        #expect(reader.next(timeout: .seconds(30)) == key(.escape))
        pipes.type("x")
        #expect(reader.next(timeout: .seconds(30)) == key(.character("x")))
    }

    @Test func theTimeoutPassesWithNothingToRead() throws {
        let pipes = try Pipes()
        var reader = InputReader(input: pipes.input.read, wake: pipes.wake.read, escapeDelay: .milliseconds(25))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(reader.next(timeout: .milliseconds(40)) == .timeout)
        #expect(clock.now - start >= .milliseconds(40))
        #expect(reader.next(timeout: .zero) == .timeout)
    }

    @Test func signalsComeFirstEachOnce() throws {
        let pipes = try Pipes()
        var reader = InputReader(input: pipes.input.read, wake: pipes.wake.read, escapeDelay: .milliseconds(25))
        pipes.type("j")
        FileDescriptor.writeAll(pipes.wake.write, [UInt8(SIGWINCH), UInt8(SIGWINCH), UInt8(SIGCONT), UInt8(SIGWINCH)])
        #expect(reader.next(timeout: .seconds(30)) == .signals([SIGWINCH, SIGCONT]))
        #expect(reader.next(timeout: .seconds(30)) == key(.character("j")))
    }

    @Test func theEndOfTheInputIsReported() throws {
        let pipes = try Pipes()
        var reader = InputReader(input: pipes.input.read, wake: pipes.wake.read, escapeDelay: .milliseconds(25))
        pipes.type("q")
        close(pipes.input.write)
        #expect(reader.next(timeout: .seconds(30)) == key(.character("q")))
        #expect(reader.next(timeout: .seconds(30)) == .endOfInput)
    }

    @Test func pollTimeoutsRoundUp() {
        #expect(FileDescriptor.pollMilliseconds(nil) == -1)
        #expect(FileDescriptor.pollMilliseconds(.zero) == 0)
        #expect(FileDescriptor.pollMilliseconds(.microseconds(1)) == 1)
        #expect(FileDescriptor.pollMilliseconds(.milliseconds(25)) == 25)
        #expect(FileDescriptor.pollMilliseconds(.seconds(1) + .nanoseconds(1)) == 1001)
        #expect(FileDescriptor.pollMilliseconds(.seconds(Int64.max / 2)) == Int32.max)
    }
}
