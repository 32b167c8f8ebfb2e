import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `cardviewer run --replay … --headless` end to end: the built executable plays scripted input
/// offscreen; the tests check the deck's state file, the user's images and the screenshot's pixels.
@Suite("cardviewer run --replay (end to end)")
struct ViewerReplayTests {
    static let size = Size(width: 480, height: 300)
    static let sizeArgument = ["--size", "480x300"]

    @Test("pages: a click highlights the card under the pointer, which then covers the viewport")
    func pagesHighlightPixels() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let before = try ViewerTest.contents(of: images)
        let expected = try #require(ViewerTest.cardUnder(Vec2(240, 260), layout: PagesLayout(), count: 6, viewport: Self.size))
        let shot = folder.url("shot.png"), state = folder.url("state.json")
        let outcome = try ViewerTest.replay(#"{"events": [{"time": 0.1, "type": "click", "x": 240, "y": 260}], "end": 0.8}"#,
                                            in: folder.url, arguments: Self.sizeArgument + [
                                                "--images", images.path, "--state", state.path, "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        #expect(image.width == 480 && image.height == 300)
        for (x, y) in [(240, 150), (120, 100), (380, 200), (60, 220), (440, 60)] {
            #expect(ViewerTest.pixel(image, x, y, is: ViewerTest.colors[expected]), "pixel \(x),\(y): \(image[x, y])")
        }
        let saved = try ViewerTest.state(at: state)
        #expect(saved.cards.map(\.id) == [0, 1, 2, 3, 4, 5])
        #expect(saved.cards.map(\.title) == ["01-card", "02-card", "03-card", "04-card", "05-card", "06-card"].map { $0 + ".png" })
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)))
    }

    @Test("pages: swipe left deletes the card (not its file); the next start restores it; U undoes")
    func swipeDeleteRestoreUndo() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let before = try ViewerTest.contents(of: images)
        let expected = try #require(ViewerTest.cardUnder(Vec2(300, 260), layout: PagesLayout(), count: 6, viewport: Self.size))
        let state = folder.url("state.json")
        let arguments = Self.sizeArgument + ["--images", images.path, "--state", state.path]
        let swipe = #"{"events": [{"time": 0.1, "type": "drag", "x": 300, "y": 260, "toX": 100, "toY": 260, "duration": 0.3}], "end": 1.2}"#
        let first = try ViewerTest.replay(swipe, in: folder.url, arguments: arguments)
        #expect(first.status == 0, "\(first.stderr)")
        var saved = try ViewerTest.state(at: state)
        #expect(saved.deleted.map(\.id) == [UInt32(expected)])
        #expect(saved.cards.count == 5 && !saved.cards.map(\.id).contains(UInt32(expected)))
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)))
        // Restored at the next start; U brings the card back where it was.
        let undo = try ViewerTest.replay(#"{"events": [{"time": 0.1, "type": "key", "key": "u"}], "end": 0.8}"#,
                                         in: folder.url, arguments: arguments)
        #expect(undo.status == 0, "\(undo.stderr)")
        saved = try ViewerTest.state(at: state)
        #expect(saved.deleted.isEmpty)
        #expect(saved.cards.map(\.id) == [0, 1, 2, 3, 4, 5])
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)))
    }

    @Test("grid: a long press and drag reorders; the order persists and shows at the next start")
    func gridReorderPersists() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let state = folder.url("state.json"), shot = folder.url("shot.png")
        let viewport = Size(width: 800, height: 500), grid = GridLayout()
        let a = grid.slotFrame(at: 0, viewport: viewport).center, b = grid.slotFrame(at: 1, viewport: viewport).center
        let arguments = ["--size", "800x500", "--layout", "grid", "--images", images.path, "--state", state.path]
        let drag = #"{"events": [{"time": 0.1, "type": "drag", "x": \#(a.x), "y": \#(a.y), "toX": \#(b.x), "toY": \#(b.y), "hold": 0.6, "duration": 0.4}], "end": 1.6}"#
        let first = try ViewerTest.replay(drag, in: folder.url, arguments: arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try ViewerTest.state(at: state).cards.map(\.id) == [1, 0, 2, 3, 4, 5])
        let second = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: arguments + ["--screenshot", shot.path])
        #expect(second.status == 0, "\(second.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        #expect(ViewerTest.pixel(image, Int(a.x), Int(a.y), is: ViewerTest.colors[1]))
        #expect(ViewerTest.pixel(image, Int(b.x), Int(b.y), is: ViewerTest.colors[0]))
    }

    @Test("A in a folder deck adds no card (pictures are added by dropping them, SPEC §10); the folder is not touched")
    func appendInAFolderDeck() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 3, in: folder.url)
        let before = try ViewerTest.contents(of: images)
        let state = folder.url("state.json")
        let outcome = try ViewerTest.replay(#"{"events": [{"time": 0.1, "type": "key", "key": "a"}], "end": 2.5}"#,
                                            in: folder.url, arguments: Self.sizeArgument + ["--images", images.path, "--state", state.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try ViewerTest.state(at: state)
        #expect(saved.cards.map(\.id) == [0, 1, 2])
        #expect(saved.nextID == 3)
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)))
    }

    @Test("a corrupt state file is moved aside with one warning, never overwritten, and the deck starts fresh")
    func corruptStateFile() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 3, in: folder.url)
        let state = folder.url("state.json")
        let garbage = Data("{\"cards\": [oops".utf8)
        try garbage.write(to: state)
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url,
                                            arguments: Self.sizeArgument + ["--images", images.path, "--state", state.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("warning:") && outcome.stderr.contains("corrupt"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("state.json.corrupt-") }
        #expect(aside.count == 1)
        if let name = aside.first {
            #expect(outcome.stderr.contains(name))
            #expect(FileManager.default.contents(atPath: folder.path(name)) == garbage)
        }
        #expect(try ViewerTest.state(at: state).cards.map(\.id) == [0, 1, 2])
    }

    @Test("a restored deck follows the folder: a vanished file drops its card, a new file is appended")
    func stateFollowsTheFolder() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 4, in: folder.url)
        let state = folder.url("state.json"), shot = folder.url("shot.png")
        // SlideBox: every card of this small deck is in the frame (behind the front one), so
        // each picture is tried before the screenshot.
        let arguments = Self.sizeArgument + ["--layout", "slidebox", "--images", images.path, "--state", state.path]
        #expect(try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: arguments).status == 0)
        try FileManager.default.removeItem(at: images.appendingPathComponent("02-card.png"))
        try PNGCodec.write(RGBAImage(width: 8, height: 8, fill: (1, 2, 3, 255)), to: images.appendingPathComponent("09-new.png").path)
        try Data("not a png".utf8).write(to: images.appendingPathComponent("10-broken.png"))
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: arguments + ["--screenshot", shot.path])
        #expect(outcome.status == 0)
        // The unreadable file keeps its card (an unreadable placeholder) with one warning naming it.
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("10-broken.png"), "\(outcome.stderr)")
        let saved = try ViewerTest.state(at: state)
        #expect(saved.cards.map(\.id) == [0, 2, 3, 4, 5])
        #expect(saved.cards.map(\.title) == ["01-card.png", "03-card.png", "04-card.png", "09-new.png", "10-broken.png"])
    }

    @Test("slidebox: swiping the front card up deletes it and the next card is in front")
    func slideBoxSwipeUp() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 4, in: folder.url)
        let state = folder.url("state.json"), shot = folder.url("shot.png")
        let outcome = try ViewerTest.replay(
            #"{"events": [{"time": 0.1, "type": "drag", "x": 240, "y": 150, "toX": 240, "toY": 10, "duration": 0.3}], "end": 1.2}"#,
            in: folder.url, arguments: Self.sizeArgument + ["--layout", "slidebox", "--images", images.path, "--state", state.path,
                                                            "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try ViewerTest.state(at: state).deleted.map(\.id) == [0])
        let image = try PNGCodec.read(contentsOf: shot.path)
        #expect(ViewerTest.pixel(image, 240, 150, is: ViewerTest.colors[1]), "\(image[240, 150])")
    }

    @Test("tasks: a click opens the card visibly under the pointer over the whole viewport")
    func tasksOpen() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try ViewerTest.imageFolder(count: 8, in: folder.url)
        let shot = folder.url("shot.png")
        let expected = try #require(ViewerTest.cardUnder(Vec2(240, 220), layout: TasksLayout(), count: 8, viewport: Self.size))
        let outcome = try ViewerTest.replay(#"{"events": [{"time": 0.1, "type": "click", "x": 240, "y": 220}], "end": 0.8}"#,
                                            in: folder.url, arguments: Self.sizeArgument + ["--layout", "tasks", "--images", images.path,
                                                                                            "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        for (x, y) in [(240, 150), (100, 120), (400, 200), (30, 230)] {
            #expect(ViewerTest.pixel(image, x, y, is: ViewerTest.colors[expected]), "pixel \(x),\(y): \(image[x, y])")
        }
    }

    @Test("S saves screenshots under new names in --screenshot-dir; Q ends the replay early")
    func screenshotsAndQuit() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let shots = try folder.folder("shots")
        let script = #"{"events": [{"time": 0.1, "type": "key", "key": "s"}, {"time": 0.2, "type": "key", "key": "s"}, {"time": 0.3, "type": "key", "key": "q"}], "end": 3600}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: Self.sizeArgument + ["--cards", "20", "--screenshot-dir", shots.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        #expect(names.count == 2)
        #expect(names.allSatisfy { $0.hasPrefix("cardviewer-") && $0.hasSuffix(".png") })
        #expect(outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("screenshot: ") }.count == 2)
        for name in names {
            let image = try PNGCodec.read(contentsOf: shots.appendingPathComponent(name).path)
            #expect(image.width == 480 && image.height == 300)
        }
    }

    @Test("resizing relayouts, minimising (0 × 0) draws nothing and raises no error, the last frame has the last size")
    func resizeAndMinimize() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let shot = folder.url("shot.png")
        let script = #"{"events": [{"time": 0.1, "type": "resize", "width": 800, "height": 600}, {"time": 0.3, "type": "resize", "width": 0, "height": 0}, {"time": 0.5, "type": "key", "key": "2"}, {"time": 1.2, "type": "resize", "width": 640, "height": 400}], "end": 1.5}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: Self.sizeArgument + ["--cards", "30", "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        #expect(image.width == 640 && image.height == 400)
    }

    @Test("without a display a replay draws offscreen by itself (no --headless needed)")
    func replayWithoutDisplay() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let script = folder.url("script.json"), shot = folder.url("shot.png")
        try Data(#"{"events": [{"time": 0.1, "type": "key", "key": "3"}], "end": 0.8}"#.utf8).write(to: script)
        let outcome = try ChildProcess.runViewer(["run", "--size", "320x200", "--cards", "8", "--replay", script.path, "--screenshot", shot.path],
                                                 environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        #expect(image.width == 320 && image.height == 200)
    }

    @Test("bad input: exit status 2 and one line",
          arguments: [
            (["--headless"], "--replay"),
            (["--cards", "5", "--images", "/tmp"], "--cards"),
            (["--images", "/nonexistent-cardviewer-images"], "nonexistent-cardviewer-images"),
            (["--screenshot-dir", "/nonexistent-cardviewer-shots", "--replay", "/dev/null"], "screenshot-dir"),
            (["--replay", "/nonexistent-cardviewer.json"], "nonexistent-cardviewer.json"),
            (["--cards", "6000000"], "cards"),
          ])
    func badInput(arguments: [String], mentioned: String) throws {
        let outcome = try ChildProcess.runViewer(["run"] + arguments)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned), "\(outcome.stderr)")
    }

    @Test("a malformed replay script: exit status 2, one line naming the file and the event",
          arguments: [
            (#"{"events": [{"time": 0.1, "type": "jump"}]}"#, "event 1"),
            (#"{"events": [{"time": 0.1, "type": "click", "x": 1}]}"#, "event 1"),
            (#"{"events": [{"time": 0.1, "type": "key", "key": "f26"}]}"#, "event 1"),
            (#"{"events": [{"time": -1, "type": "key", "key": "a"}]}"#, "event 1"),
            (#"{"events": "#, "not valid"),
          ])
    func malformedReplay(json: String, mentioned: String) throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let outcome = try ViewerTest.replay(json, in: folder.url, arguments: ["--cards", "3"])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned) && outcome.stderr.contains("replay-"), "\(outcome.stderr)")
    }

    @Test("a state file in a folder that does not exist: bad input, exit status 2 before anything opens (SPEC §11)")
    func unusableStateFile() throws {
        let outcome = try ChildProcess.runViewer(["run", "--state", "/nonexistent-cardviewer-dir/state.json", "--cards", "3"])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("nonexistent-cardviewer-dir"), "\(outcome.stderr)")
    }
}
