import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `cardviewer [run] PATH…`, `-r`, state per deck in `$XDG_STATE_HOME/cardviewer/`, `--no-state`,
/// a replay's `drop` and `A` in a photo deck (SPEC §10, §12), through the built binary.
@Suite struct PathCommandTests {
    /// A folder `name` in `directory` of solid PNGs `prefix1.png`… in `colors`.
    static func pictures(_ name: String, in directory: URL, prefix: String, colors: [(r: UInt8, g: UInt8, b: UInt8)]) throws -> URL {
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (i, c) in colors.enumerated() {
            try PNGCodec.write(RGBAImage(width: 320, height: 200, fill: (c.r, c.g, c.b, 255)),
                               to: folder.appendingPathComponent("\(prefix)\(i + 1).png").path)
        }
        return folder
    }

    /// `md5sum` of `text`'s bytes: the state file's name, computed apart from the viewer's MD5.
    static func md5(_ text: String) throws -> String {
        let md5sum = try ChildProcess.run("/usr/bin/md5sum", [], input: Array(text.utf8))
        return String(md5sum.stdout.prefix(32))
    }

    /// The state JSON as a dictionary.
    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func titles(_ state: [String: Any]) -> [String] {
        (state["cards"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    static func replayFile(_ json: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("replay-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test("folders and files make one deck in the order given, each folder in natural order; --images is a PATH")
    func order() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let one = try Self.pictures("one", in: dir.url, prefix: "b", colors: Array(ViewerTest.colors[0..<2]))
        try FileManager.default.moveItem(at: one.appendingPathComponent("b2.png"), to: one.appendingPathComponent("b10.png"))
        let two = try Self.pictures("two", in: dir.url, prefix: "a", colors: Array(ViewerTest.colors[2..<3]))
        let loose = try Self.pictures("loose", in: dir.url, prefix: "z", colors: Array(ViewerTest.colors[3..<4]))
        let state = dir.url("state.json")
        let replay = try Self.replayFile(#"{"events": [], "end": 0.1}"#, in: dir.url)
        let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", replay, "--state", state.path, "--size", "320x200",
                                                  "--images", one.path, loose.appendingPathComponent("z1.png").path, two.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.titles(try Self.json(state)) == ["b1.png", "b10.png", "z1.png", "a1.png"])
        // layout: the PATHs' pictures are its cards (counted, not read).
        let layout = try ChildProcess.runViewer(["layout", one.path, two.path, "--layout", "grid", "--size", "1280x4000"])
        #expect(layout.status == 0, "\(layout.stderr)")
        let frame = try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any]
        #expect((frame?["cards"] as? [Any])?.count == 3, "\(layout.stdout.prefix(300))")
        // compare: the added layout scene has one card per picture.
        let compare = try ChildProcess.runViewer(["compare", one.path, two.path, "--layout", "grid", "--scene", "none", "--size", "320x200",
                                                  "--out-dir", dir.path("compare")])
        #expect(compare.status == 0, "\(compare.stderr)")
        let row = compare.stdout.split(separator: "\n").first { $0.hasPrefix("layout-grid") }
        #expect(row?.split(separator: " ").dropFirst().first == "3", "\(compare.stdout)")
        // Without the subcommand: run is the default.
        let bare = try ChildProcess.runViewer([one.path, "--headless", "--replay", replay, "--no-state", "--size", "320x200"])
        #expect(bare.status == 0, "\(bare.stderr)")
    }

    @Test("a missing path, or a file that is no picture: one line, exit status 2")
    func badPaths() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let missing = dir.path("nowhere")
        let outcome = try ChildProcess.runViewer(["run", missing, "--size", "320x200"])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["error: '\(missing)' does not exist"], "\(outcome.stderr)")
        let text = dir.url("notes.txt")
        try Data("x".utf8).write(to: text)
        for arguments in [["run", text.path], ["render", text.path, "--out", dir.path("o.png")]] {
            let result = try ChildProcess.runViewer(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.errorLines == ["error: '\(text.path)' is neither a folder nor a PNG, JPEG, WebP, TIFF, GIF, HEIC, AVIF or camera RAW picture"], "\(result.stderr)")
        }
    }

    @Test("a subcommand's name wins over a folder of that name; ./render opens the folder")
    func subcommandOrFolder() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        _ = try Self.pictures("render", in: dir.url, prefix: "r", colors: Array(ViewerTest.colors[0..<2]))
        let asCommand = try ChildProcess.runViewer(["render"], in: dir.url)
        #expect(asCommand.status == 2 && asCommand.stderr.contains("--out"), "\(asCommand.stderr)")
        let replay = try Self.replayFile(#"{"events": [], "end": 0.1}"#, in: dir.url)
        let state = dir.url("state.json")
        let asFolder = try ChildProcess.runViewer(["./render", "--headless", "--replay", replay, "--state", state.path, "--size", "320x200"], in: dir.url)
        #expect(asFolder.status == 0, "\(asFolder.stderr)")
        #expect(Self.titles(try Self.json(state)) == ["r1.png", "r2.png"])
    }

    @Test("-r: subfolders after the folder's own pictures, a symlink loop listed once, hidden folders skipped")
    func recursive() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let top = try Self.pictures("top", in: dir.url, prefix: "t", colors: Array(ViewerTest.colors[0..<1]))
        _ = try Self.pictures("top/sub", in: dir.url, prefix: "s", colors: Array(ViewerTest.colors[1..<2]))
        _ = try Self.pictures("top/.hidden", in: dir.url, prefix: "h", colors: Array(ViewerTest.colors[2..<3]))
        try FileManager.default.createSymbolicLink(atPath: top.appendingPathComponent("sub/loop").path, withDestinationPath: top.path)
        let replay = try Self.replayFile(#"{"events": [], "end": 0.1}"#, in: dir.url)
        let state = dir.url("state.json")
        let outcome = try ChildProcess.runViewer(["run", "-r", top.path, "--headless", "--replay", replay, "--state", state.path, "--size", "320x200"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.titles(try Self.json(state)) == ["t1.png", "s1.png"])
        let flatState = dir.url("flat.json")
        let flat = try ChildProcess.runViewer(["run", top.path, "--headless", "--replay", replay, "--state", flatState.path, "--size", "320x200"])
        #expect(flat.status == 0, "\(flat.stderr)")
        let flatTitles = Self.titles(try Self.json(flatState))
        #expect(flatTitles == ["t1.png"])
    }

    @Test("without --state a deck of PATHs keeps its state in $XDG_STATE_HOME/cardviewer/MD5.json and reopens where it was left")
    func statePerDeck() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let images = try ViewerTest.imageFolder(count: 30, in: dir.url)
        let stateHome = dir.url("state-home")
        let environment: [String: String?] = ["XDG_STATE_HOME": stateHome.path]
        let first = dir.url("first.png"), second = dir.url("second.png")
        // Grid, scrolled down, the third card made current by a click.
        let scroll = try Self.replayFile(#"{"events": [{"time": 0.2, "type": "scroll", "dx": 0, "dy": -4}], "end": 3}"#, in: dir.url)
        // No thumbnail cache: the second run would otherwise read what the first made, and show
        // the progress line while it makes the rest (a machine under load differed by that line).
        let one = try ChildProcess.runViewer(["run", images.path, "--layout", "grid", "--headless", "--replay", scroll, "--size", "640x400",
                                              "--thumbnail-cache", "off", "--screenshot", first.path], environment: environment)
        #expect(one.status == 0, "\(one.stderr)")
        let canonical = images.resolvingSymlinksInPath().path
        let file = stateHome.appendingPathComponent("cardviewer/\(try Self.md5(canonical)).json")
        let written = (try? FileManager.default.subpathsOfDirectory(atPath: stateHome.path)) ?? []
        #expect(FileManager.default.fileExists(atPath: file.path), "\(written)")
        let saved = try Self.json(file)
        let layout = try #require(saved["layout"] as? [String: Any])
        #expect(layout["name"] as? String == "grid")
        let offset = try #require(layout["offset"] as? [String: Double])
        #expect((offset["y"] ?? 0) > 100, "\(offset)")
        #expect(layout["currentCard"] != nil)

        // Started again with no layout named: the same layout and scroll, the same frame.
        let still = try Self.replayFile(#"{"events": [], "end": 0.2}"#, in: dir.url)
        let two = try ChildProcess.runViewer(["run", images.path, "--headless", "--replay", still, "--size", "640x400",
                                              "--thumbnail-cache", "off", "--screenshot", second.path], environment: environment)
        #expect(two.status == 0, "\(two.stderr)")
        let a = try PNGCodec.read(contentsOf: first.path), b = try PNGCodec.read(contentsOf: second.path)
        var differing = 0
        for y in stride(from: 0, to: a.height, by: 4) {
            for x in stride(from: 0, to: a.width, by: 4) where !ViewerTest.pixel(b, x, y, is: (a[x, y].r, a[x, y].g, a[x, y].b), tolerance: 6) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) sampled pixels differ")
        // The command line wins: --offset 0 shows the top.
        let third = try ChildProcess.runViewer(["run", images.path, "--headless", "--replay", still, "--size", "640x400", "--offset", "0",
                                                "--no-state"], environment: environment)
        #expect(third.status == 0, "\(third.stderr)")
    }

    @Test("--no-state keeps nothing; the bundled deck keeps no state without --state")
    func noState() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let images = try ViewerTest.imageFolder(count: 3, in: dir.url)
        let stateHome = try dir.folder("state-home")
        let replay = try Self.replayFile(#"{"events": [{"time": 0.1, "type": "key", "key": "4"}], "end": 0.5}"#, in: dir.url)
        for arguments in [[images.path, "--no-state"], ["--cards", "5"], []] {
            let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", replay, "--size", "320x200"] + arguments,
                                                     environment: ["XDG_STATE_HOME": stateHome.path])
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: stateHome.path).isEmpty)
    }

    @Test("a state folder that cannot be made: one warning, and the viewer runs without saving")
    func unwritableStateHome() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let images = try ViewerTest.imageFolder(count: 2, in: dir.url)
        let notAFolder = dir.url("state-home")
        try Data("x".utf8).write(to: notAFolder)
        let replay = try Self.replayFile(#"{"events": [], "end": 0.1}"#, in: dir.url)
        let outcome = try ChildProcess.runViewer(["run", images.path, "--headless", "--replay", replay, "--size", "320x200"],
                                                 environment: ["XDG_STATE_HOME": notAFolder.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("this window will not save"), "\(outcome.stderr)")
    }

    @Test("a single file opens its folder with that picture as the current card; the next start restores it")
    func singleFile() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let images = try ViewerTest.imageFolder(count: 4, in: dir.url)
        let state = dir.url("state.json")
        let replay = try Self.replayFile(#"{"events": [], "end": 0.2}"#, in: dir.url)
        let outcome = try ChildProcess.runViewer(["run", images.appendingPathComponent("03-card.png").path, "--headless", "--replay", replay,
                                                  "--state", state.path, "--size", "320x200"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try Self.json(state)
        #expect(Self.titles(saved).count == 4)
        let layout = try #require(saved["layout"] as? [String: Any])
        #expect(layout["currentCard"] as? Int == 2, "\(layout)")
        // Started again on the folder: the state's current card is restored (not the first).
        let again = try ChildProcess.runViewer(["run", images.path, "--headless", "--replay", replay, "--state", state.path, "--size", "320x200"])
        #expect(again.status == 0, "\(again.stderr)")
        let restored = try #require(try Self.json(state)["layout"] as? [String: Any])
        #expect(restored["currentCard"] as? Int == 2, "\(restored)")
    }

    @Test("a replay's drop adds a folder's pictures at the end, skips a non-picture, and they show; A in a photo deck adds nothing")
    func dropAndAppend() throws {
        let dir = try TemporaryFolder("cardviewer-e2e")
        defer { dir.remove() }
        let deck = try Self.pictures("deck", in: dir.url, prefix: "d", colors: Array(ViewerTest.colors[0..<2]))
        let more = try Self.pictures("more", in: dir.url, prefix: "m", colors: Array(ViewerTest.colors[2..<4]))
        let text = dir.url("notes.txt")
        try Data("x".utf8).write(to: text)
        let state = dir.url("state.json"), shot = dir.url("drop.png")
        let json = """
            {"events": [{"time": 0.2, "type": "key", "key": "a"},
                        {"time": 0.5, "type": "drop", "paths": ["\(more.path)", "\(text.path)"]}], "end": 2}
            """
        let replay = try Self.replayFile(json, in: dir.url)
        let outcome = try ChildProcess.runViewer(["run", deck.path, "--layout", "grid", "--headless", "--replay", replay, "--state", state.path,
                                                  "--size", "640x400", "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("notes.txt"), "\(outcome.stderr)")
        let saved = try Self.json(state)
        #expect(Self.titles(saved) == ["d1.png", "d2.png", "m1.png", "m2.png"])
        // The first card added is current and scrolled into view: the state has the offset.
        let layout = try #require(saved["layout"] as? [String: Any])
        #expect(layout["currentCard"] as? Int == 2)
        let offsetY = (layout["offset"] as? [String: Double])?["y"] ?? 0
        let image = try PNGCodec.read(contentsOf: shot.path)
        let viewport = Size(width: 640, height: 400)
        for slot in 0..<4 {
            let frame = GridLayout().slotFrame(at: slot, viewport: viewport)
            let (x, y) = (Int(frame.center.x), Int(frame.center.y - offsetY))
            // The added cards must be in view; the first ones may be scrolled off.
            guard y >= 0, y < 400 else {
                #expect(slot < 2, "added card \(slot) out of view at y \(y)")
                continue
            }
            #expect(ViewerTest.pixel(image, x, y, is: ViewerTest.colors[slot], tolerance: 8), "slot \(slot): \(image[x, y])")
        }
        // A bad drop in a replay: one line, exit 2.
        let bad = try Self.replayFile(#"{"events": [{"time": 0.1, "type": "drop", "paths": []}]}"#, in: dir.url)
        let refused = try ChildProcess.runViewer(["run", deck.path, "--headless", "--replay", bad, "--no-state"])
        #expect(refused.status == 2 && refused.errorLines.count == 1 && refused.stderr.contains("'drop' needs 'paths'"), "\(refused.stderr)")
    }
}
