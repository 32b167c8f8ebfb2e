import CardFiles
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The checks of paths named on the command line (`OptionPath`): what each wrong thing is
/// called, and that good paths pass.
@Suite struct OptionPathTests {
    @Test("outputs: a folder, a FIFO, a device, a link to nothing, a loop, a missing folder are named; a new or existing file passes")
    func outputs() throws {
        let dir = try TemporaryFolder("cardfiles-options")
        defer { dir.remove() }
        let file = try dir.write("file", "x")
        try #require(mkfifo(dir.path("fifo"), 0o644) == 0)
        try #require(symlink(dir.path("gone/x"), dir.path("dangling")) == 0)
        try #require(symlink(dir.path("loop"), dir.path("loop")) == 0)
        #expect(OptionPath.outputProblem(file) == nil)
        #expect(OptionPath.outputProblem(dir.path("new.png")) == nil)
        #expect(OptionPath.outputProblem(dir.path) == "it is a directory")
        #expect(OptionPath.outputProblem(dir.path("fifo")) == "it is not a regular file (a FIFO, a device or a socket)")
        #expect(OptionPath.outputProblem("/dev/null") == "it is not a regular file (a FIFO, a device or a socket)")
        #expect(OptionPath.outputProblem(dir.path("dangling")) == "it is a symbolic link to '\(dir.path("gone/x"))', which does not exist")
        #expect(OptionPath.outputProblem(dir.path("loop")) == "it is a loop of symbolic links")
        #expect(OptionPath.outputProblem(dir.path("gone/x.png")) == "no such directory '\(dir.path("gone"))'")
        #expect(OptionPath.outputProblem(file + "/x.png") == "no such directory '\(file)'")
    }

    @Test("a state is written through its link: a link to a file not made yet passes when that file's folder exists")
    func states() throws {
        let dir = try TemporaryFolder("cardfiles-options")
        defer { dir.remove() }
        _ = try dir.folder("kept")
        try #require(symlink("kept/deck.json", dir.path("state.json")) == 0)
        try #require(symlink(dir.path("gone/deck.json"), dir.path("lost.json")) == 0)
        try #require(symlink(dir.path("loop"), dir.path("loop")) == 0)
        #expect(OptionPath.stateProblem(dir.path("state.json")) == nil)
        #expect(OptionPath.stateProblem(dir.path("lost.json")) == "it is a symbolic link to '\(dir.path("gone/deck.json"))', whose folder does not exist")
        #expect(OptionPath.stateProblem(dir.path("loop")) == "it is a loop of symbolic links")
        #expect(OptionPath.stateProblem(dir.path) == "it is a directory")
    }

    @Test("inputs: nothing there, a folder, a FIFO, a device, a link to nothing, a loop are named; a file passes")
    func inputs() throws {
        let dir = try TemporaryFolder("cardfiles-options")
        defer { dir.remove() }
        let file = try dir.write("file", "x")
        try #require(symlink(file, dir.path("link")) == 0)
        try #require(symlink(dir.path("gone"), dir.path("dangling")) == 0)
        #expect(OptionPath.inputProblem(file) == nil)
        #expect(OptionPath.inputProblem(dir.path("link")) == nil)
        #expect(OptionPath.inputProblem(dir.path("none.json")) == "no such file")
        #expect(OptionPath.inputProblem(dir.path("none/x.json")) == "no such file")
        #expect(OptionPath.inputProblem(dir.path) == "it is a directory")
        #expect(OptionPath.inputProblem("/dev/zero") == "it is not a regular file (a FIFO, a device or a socket)")
        #expect(OptionPath.inputProblem(dir.path("dangling")) == "it is a symbolic link to '\(dir.path("gone"))', which does not exist")
    }

    @Test("folders made when missing: something else there or above is named; a folder or a missing one passes")
    func folders() throws {
        let dir = try TemporaryFolder("cardfiles-options")
        defer { dir.remove() }
        let file = try dir.write("file", "x")
        #expect(OptionPath.folderProblem(dir.path) == nil)
        #expect(OptionPath.folderProblem(dir.path("a/b/c")) == nil)
        #expect(OptionPath.folderProblem(file) == "it is not a folder")
        #expect(OptionPath.folderProblem(file + "/sub/deeper") == "'\(file)' is not a folder")
        #expect(OptionPath.folderProblem("/dev/null") == "it is not a folder")
        #expect(OptionPath.folderProblem("relative-\(UUID().uuidString)") == nil)
    }

    @Test("the line: the option and the path quoted, or that a name is needed")
    func refusals() {
        #expect(OptionPath.refusal("--out", nil, { _ in "x" }) == nil)
        #expect(OptionPath.refusal("--out", "", { _ in nil }) == "--out needs a file name")
        #expect(OptionPath.refusal("--out-dir", "", { _ in nil }, what: "a directory path") == "--out-dir needs a directory path")
        #expect(OptionPath.refusal("--out", "a.png", { _ in nil }) == nil)
        #expect(OptionPath.refusal("--out", "a.png", { _ in "it is a directory" }) == "--out 'a.png': it is a directory")
    }
}
