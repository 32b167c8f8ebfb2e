import CardTestSupport
import Foundation
import Testing

/// `--layout-file` through the built `cardviewer`: a good file lays out, a broken one exits 2
/// with `FILE:LINE:COLUMN: message` on one line.
@Suite struct LayoutFileCommandLineTests {
    @Test func brokenFileExitsTwoWithItsPlace() throws {
        try #require(ChildProcess.viewerExecutable != nil, "build first: swift build --build-tests")
        let folder = try TemporaryFolder("cardviewer-layout-file")
        defer { folder.remove() }
        let path = try folder.write("broken.json", "{ \"name\": \"broken\",\n  \"transform\": [ { \"rotateY\": \"o * spin\" } ] }\n")
        for command in ["layout", "render", "compare", "bench", "run"] {
            var arguments = [command, "--layout-file", path]
            if command == "render" { arguments += ["--out", folder.path("never.png")] }
            let outcome = try ChildProcess.runViewer(arguments)
            #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
            #expect(outcome.stderr == "error: \(path):2:36: unknown variable 'spin'; known: o, i, n, s, w, h, W, H, v, pi, inf\n", "\(command)")
        }
        let missing = try ChildProcess.runViewer(["layout", "--layout-file", "/nonexistent/x.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: --layout-file '/nonexistent/x.json': no such file\n")
    }

    @Test func goodFileLaysOutWithItsOptions() throws {
        try #require(ChildProcess.viewerExecutable != nil, "build first: swift build --build-tests")
        let folder = try TemporaryFolder("cardviewer-layout-file")
        defer { folder.remove() }
        let path = try folder.write("strip.json",
                                    #"{ "name": "cli-strip", "options": { "gap": 10 }, "transform": [ { "translate": ["o * (w + gap)", 0, 0] } ] }"#)
        let outcome = try ChildProcess.runViewer(["layout", "--layout-file", path, "--set", "gap=100", "--cards", "3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Card 1 sits one slot (256 + 100 points) right of the viewport's centre (640, 400).
        #expect(outcome.stdout.contains(#""index":1,"size":[256.0,160.0],"matrix":[1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,996.0,400.0,0.0,1.0]"#),
                "\(outcome.stdout)")
        let bad = try ChildProcess.runViewer(["layout", "--layout-file", path, "--set", "gapp=1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: --set: unknown option 'gapp'; layout cli-strip has itemWidth (1…100000), gap (-inf…inf)"))
        let both = try ChildProcess.runViewer(["layout", "--layout-file", path, "--layout", "wheel"])
        #expect(both.status == 2)
        #expect(both.stderr == "error: --layout and --layout-file both name a layout; give one\n")
    }

    /// `render` draws a file layout, and `run` starts in one (headless, with a replay).
    @Test func renderAndRunTakeTheFile() throws {
        try #require(ChildProcess.viewerExecutable != nil, "build first: swift build --build-tests")
        let folder = try TemporaryFolder("cardviewer-layout-file")
        defer { folder.remove() }
        let fan = ExampleFiles.folder.appendingPathComponent("fan.json").path
        let png = folder.path("fan.png")
        let replay = try folder.write("replay.json", #"{"events": [], "end": 0.2}"#)
        let render = try ChildProcess.runViewer(["render", "--layout-file", fan, "--size", "480x320", "--out", png])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
        unlink(png)
        let run = try ChildProcess.runViewer(["run", "--layout-file", fan, "--headless", "--replay", replay,
                                              "--screenshot", png, "--size", "480x320"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
    }

    /// `layouts --layout-file` lists the file's layout after the others, with its options.
    @Test func layoutsListsTheFile() throws {
        try #require(ChildProcess.viewerExecutable != nil, "build first: swift build --build-tests")
        let helix = ExampleFiles.folder.appendingPathComponent("helix.json").path
        let outcome = try ChildProcess.runViewer(["layouts", "--json", "--layout-file", helix])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let layouts = try #require(json["layouts"] as? [[String: Any]])
        let last = try #require(layouts.last)
        #expect(last["name"] as? String == "helix")
        let options = (last["options"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(options == ["itemWidth", "turn", "rise", "radius"])
    }
}
