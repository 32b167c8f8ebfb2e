import CardTestSupport
import Foundation
import Testing

/// Negative option values and the explanations attached to invalid values (main.swift).
@Suite("command-line input (end to end)")
struct CommandLineInputTests {
    @Test("a negative --offset is a value, not an unknown flag", arguments: [["--offset", "-120"], ["--offset", "-1500,-3"]])
    func negativeOffsets(arguments: [String]) throws {
        let outcome = try ChildProcess.runViewer(["layout", "--cards", "3"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\"offset\""))
    }

    @Test("an invalid value says what a valid one looks like",
          arguments: [(["--cards", "-1"], "whole number"), (["--size", "0x0"], "WxH"), (["--offset", "inf"], "X,Y")])
    func explanations(arguments: [String], expected: String) throws {
        let outcome = try ChildProcess.runViewer(["layout"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("Missing value"))
    }
}
