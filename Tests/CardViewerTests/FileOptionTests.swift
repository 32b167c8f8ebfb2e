import CardFiles
import CardTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every file option of every command given the wrong thing — a folder, a FIFO, a device, a
/// symbolic link to nothing, a loop of links, a path whose folder is missing — exits with status
/// 2 and one line naming the option and what is wrong, before any work, and writes nothing
/// (SPEC §11: exit status 2 for every bad input on the command line, a folder where a file is
/// expected included; outputs refuse FIFOs and devices). Before, a folder at `--out` or
/// `--state` and a missing folder exited 1, a link to nothing was written through or replaced.
@Suite struct FileOptionTests {
    /// A wrong thing at a path, made in `folder`; `path` is what the option is given.
    enum Case: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case folder, fifo, device, danglingLink, linkLoop, missingFolder

        var testDescription: String { rawValue }

        /// Makes the case in `folder` at `name`; the path to give.
        func make(in folder: TemporaryFolder, name: String = "target") throws -> String {
            let path = folder.path(name)
            switch self {
            case .folder: _ = try folder.folder(name)
            case .fifo: try #require(mkfifo(path, 0o644) == 0)
            case .device: return "/dev/null"
            case .danglingLink: try #require(symlink(folder.path("nowhere/file.json"), path) == 0)
            case .linkLoop: try #require(symlink(path, path) == 0)
            case .missingFolder: return folder.path("missing/file.json")
            }
            return path
        }

        /// What the one line says after `--option 'PATH': ` for an output, and for an input.
        var reasons: (output: String, input: String) {
            switch self {
            case .folder: ("it is a directory", "it is a directory")
            case .fifo, .device: ("it is not a regular file", "it is not a regular file")
            case .danglingLink: ("it is a symbolic link to '", "it is a symbolic link to '")
            case .linkLoop: ("it is a loop of symbolic links", "it is a loop of symbolic links")
            case .missingFolder: ("no such directory '", "no such file")
            }
        }
    }

    /// Each file option in a command line that is otherwise good: (option, arguments with
    /// `PATH` for the path, whether it is read).
    static func commands(replay: String, pictures: String) -> [(option: String, arguments: [String], isInput: Bool)] {
        let run = ["run", "--headless", "--cards", "3", "--size", "320x200"]
        return [
            ("--state", run + ["--replay", replay, "--state", "PATH"], false),
            ("--screenshot", run + ["--replay", replay, "--screenshot", "PATH"], false),
            ("--log-frames", run + ["--replay", replay, "--log-frames", "PATH"], false),
            ("--replay", run + ["--replay", "PATH"], true),
            ("--layout-file", run + ["--replay", replay, "--layout-file", "PATH"], true),
            ("--out", ["render", "--cards", "3", "--out", "PATH"], false),
            ("--layout-file", ["render", "--layout-file", "PATH", "--out", "/tmp/cardviewer-never.png"], true),
            ("--layout-file", ["layout", "--layout-file", "PATH"], true),
            ("--layout-file", ["layouts", "--layout-file", "PATH"], true),
            ("--json", ["bench", "--frames", "1", "--cards", "10", "--json", "PATH"], false),
            ("--plot", ["bench", "--frames", "1", "--sweep", "10,20", "--plot", "PATH"], false),
            ("--json", ["bench", "--images", pictures, "--frames", "1", "--json", "PATH"], false),
            ("--layout-file", ["bench", "--frames", "1", "--layout-file", "PATH"], true),
            ("--json", ["compare", "--scene", "none", "--layout", "grid", "--json", "PATH"], false),
            ("--layout-file", ["compare", "--scene", "none", "--layout-file", "PATH"], true),
        ]
    }

    @Test("each file option given a folder, a FIFO, a device, a link to nothing, a loop of links or a missing folder: exit 2, one line, nothing written",
          arguments: Case.allCases)
    func everyFileOption(_ wrong: Case) throws {
        let folder = try TemporaryFolder("cardviewer-file-options")
        defer { folder.remove() }
        let replay = try folder.write("replay.json", #"{"events": [], "end": 0.1}"#)
        let pictures = try ViewerTest.imageFolder(count: 1, in: folder.url).path
        let path = try wrong.make(in: folder)
        let before = folder.names()
        for command in Self.commands(replay: replay, pictures: pictures) {
            let arguments = command.arguments.map { $0 == "PATH" ? path : $0 }
            let outcome = try ChildProcess.runViewer(arguments, timeLimit: 20)
            let reason = command.isInput ? wrong.reasons.input : wrong.reasons.output
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(outcome.errorLines.count == 1, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("error: \(command.option) '\(path)': \(reason)"), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome.stdout)")
            #expect(folder.names() == before, "\(arguments) wrote \(folder.names())")
        }
        switch wrong {
        case .folder: #expect(try Folder.names(in: path).isEmpty)
        case .fifo: #expect(try FileInfo.at(path, followingLinks: false).kind == .other)
        case .danglingLink: #expect(!FileInfo.exists(folder.path("nowhere")))
        case .missingFolder: #expect(!FileInfo.exists(folder.path("missing")))
        case .device, .linkLoop: break
        }
    }

    @Test("compare --out-dir and run --screenshot-dir: a FIFO, a device, a file, a link to nothing or a loop is refused with exit 2; a missing --out-dir is made")
    func outputFolder() throws {
        let folder = try TemporaryFolder("cardviewer-file-options")
        defer { folder.remove() }
        let file = try folder.write("file", "x")
        let refused: [(String, String)] = [
            (try Case.fifo.make(in: folder, name: "fifo"), "it is not a folder"),
            ("/dev/null", "it is not a folder"),
            (file, "it is not a folder"),
            (file + "/sub", "'\(file)' is not a folder"),
            (try Case.danglingLink.make(in: folder, name: "link"), "it is a symbolic link to '"),
            (try Case.linkLoop.make(in: folder, name: "loop"), "it is a loop of symbolic links"),
        ]
        let replay = try folder.write("replay.json", #"{"events": [], "end": 0.1}"#)
        let commands = [("--out-dir", ["compare", "--scene", "none", "--layout", "grid", "--size", "64x40", "--out-dir"]),
                        ("--screenshot-dir", ["run", "--headless", "--replay", replay, "--cards", "3", "--screenshot-dir"])]
        for (path, reason) in refused + [(folder.path("missing"), "no such folder")] {
            for (option, arguments) in commands where option == "--screenshot-dir" || reason != "no such folder" {
                let outcome = try ChildProcess.runViewer(arguments + [path], timeLimit: 20)
                #expect(outcome.status == 2, "\(arguments) \(path): \(outcome.stderr)")
                #expect(outcome.errorLines.count == 1 && outcome.stderr.hasPrefix("error: \(option) '\(path)': \(reason)"),
                        "\(path): \(outcome.stderr)")
            }
        }
        let made = folder.path("new/compare")
        let outcome = try ChildProcess.runViewer(["compare", "--scene", "none", "--layout", "grid", "--size", "64x40",
                                                  "--out-dir", made], timeLimit: 60)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(FileInfo.exists(made + "/compare-layout-grid.png"))
    }
}
