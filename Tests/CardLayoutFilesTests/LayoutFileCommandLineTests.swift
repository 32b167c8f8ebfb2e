import CardTestSupport
import Foundation
import Testing

/// `--layout-file` through the built `cardviewer`: a good file lays out, a broken one exits 2
/// with `FILE:LINE:COLUMN: message` on one line.
@Suite struct LayoutFileCommandLineTests {
    static func write(_ text: String, name: String) throws -> String {
        let path = NSTemporaryDirectory() + "\(UUID().uuidString)-\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func brokenFileExitsTwoWithItsPlace() throws {
        let cardviewer = try #require(ChildProcess.executable("cardviewer"), "build first: swift build --build-tests")
        let path = try Self.write("{ \"name\": \"broken\",\n  \"transform\": [ { \"rotateY\": \"o * spin\" } ] }\n", name: "broken.json")
        defer { unlink(path) }
        for command in ["layout", "render", "compare", "bench", "run"] {
            var arguments = [command, "--layout-file", path]
            if command == "render" { arguments += ["--out", NSTemporaryDirectory() + "never.png"] }
            let outcome = try ChildProcess.run(cardviewer, arguments)
            #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
            #expect(outcome.stderr == "error: \(path):2:36: unknown variable 'spin'; known: o, i, n, s, w, h, W, H, v, pi, inf\n", "\(command)")
        }
        let missing = try ChildProcess.run(cardviewer, ["layout", "--layout-file", "/nonexistent/x.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: /nonexistent/x.json: no such layout file\n")
    }

    @Test func goodFileLaysOutWithItsOptions() throws {
        let cardviewer = try #require(ChildProcess.executable("cardviewer"), "build first: swift build --build-tests")
        let path = try Self.write(#"{ "name": "cli-strip", "options": { "gap": 10 }, "transform": [ { "translate": ["o * (w + gap)", 0, 0] } ] }"#,
                                  name: "strip.json")
        defer { unlink(path) }
        let outcome = try ChildProcess.run(cardviewer, ["layout", "--layout-file", path, "--set", "gap=100", "--cards", "3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Card 1 sits one slot (256 + 100 points) right of the viewport's centre (640, 400).
        #expect(outcome.stdout.contains(#""index":1,"size":[256.0,160.0],"matrix":[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,996.0,400.0,0.0,1.0]"#),
                "\(outcome.stdout)")
        let bad = try ChildProcess.run(cardviewer, ["layout", "--layout-file", path, "--set", "gapp=1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: --set: unknown option 'gapp'; layout cli-strip has itemWidth (1…100000), gap (-inf…inf)"))
        let both = try ChildProcess.run(cardviewer, ["layout", "--layout-file", path, "--layout", "wheel"])
        #expect(both.status == 2)
        #expect(both.stderr == "error: --layout and --layout-file both name a layout; give one\n")
    }

    /// `render` draws a file layout, and `run` starts in one (headless, with a replay).
    @Test func renderAndRunTakeTheFile() throws {
        let cardviewer = try #require(ChildProcess.executable("cardviewer"), "build first: swift build --build-tests")
        let fan = ExampleFiles.folder.appendingPathComponent("fan.json").path
        let png = NSTemporaryDirectory() + "\(UUID().uuidString)-fan.png"
        let replay = try Self.write(#"{"events": [], "end": 0.2}"#, name: "replay.json")
        defer { unlink(png); unlink(replay) }
        let render = try ChildProcess.run(cardviewer, ["render", "--layout-file", fan, "--size", "480x320", "--out", png])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
        unlink(png)
        let run = try ChildProcess.run(cardviewer, ["run", "--layout-file", fan, "--headless", "--replay", replay,
                                                   "--screenshot", png, "--size", "480x320"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
    }

    /// `layouts --layout-file` lists the file's layout after the others, with its options.
    @Test func layoutsListsTheFile() throws {
        let cardviewer = try #require(ChildProcess.executable("cardviewer"), "build first: swift build --build-tests")
        let helix = ExampleFiles.folder.appendingPathComponent("helix.json").path
        let outcome = try ChildProcess.run(cardviewer, ["layouts", "--json", "--layout-file", helix])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let layouts = try #require(json["layouts"] as? [[String: Any]])
        let last = try #require(layouts.last)
        #expect(last["name"] as? String == "helix")
        let options = (last["options"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(options == ["itemWidth", "turn", "rise", "radius"])
    }
}
