import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardRendering
import CardTestSupport
import CardViewerCore
import CardViewerFrame
import Foundation
import Synchronization
import Testing

/// Bad pictures in a folder (issue 9): a card whose file cannot be read keeps an unreadable
/// placeholder, with one warning line each for the first 20 and then one line with the count;
/// a file deleted or replaced after the folder was listed is treated the same way.
@Suite("photo folders: unreadable, deleted and replaced pictures")
struct PictureBadInputTests {
    @Test("25 unreadable files: 20 warning lines naming them, then one line with the count of the other 5")
    func warningsPastTwentyAreCounted() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        for index in 0..<25 {
            // Truncated PNGs, empty files and text named like pictures.
            let bytes: [UInt8] = switch index % 3 {
            case 0: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
            case 1: []
            default: Array("not a picture".utf8)
            }
            try Data(bytes).write(to: images.appendingPathComponent(String(format: "broken-%02d.%@", index, index % 2 == 0 ? "png" : "jpg")))
        }
        let before = try ViewerTest.contents(of: images)
        // Every card is seen: the first screen, then the end of the grid.
        let script = #"{"events": [{"time": 0.05, "type": "waitForPictures"}, {"time": 0.1, "type": "key", "key": "end"},"#
            + #" {"time": 1.5, "type": "waitForPictures"}], "end": 1.6}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: ["--size", "640x400", "--layout", "grid", "--images", images.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.errorLines
        #expect(lines.count == 21, "\(outcome.stderr)")
        let named = lines.prefix(20).filter { $0.hasPrefix("warning: ") && $0.contains("broken-") }
        #expect(named.count == 20, "\(outcome.stderr)")
        #expect(Set(named).count == 20, "a file warned about twice: \(outcome.stderr)")
        #expect(lines.last?.contains("5 more pictures cannot be read") == true, "\(outcome.stderr)")
        #expect(ViewerTest.same(before, try ViewerTest.contents(of: images)), "the folder changed")
    }

    @Test("files deleted or replaced after the listing: unreadable placeholders with a warning each, the others shown")
    func deletedAndReplacedWhileRunning() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let colors: [(UInt8, UInt8, UInt8)] = [(200, 40, 40), (40, 200, 40), (40, 40, 200), (200, 200, 40)]
        for (index, c) in colors.enumerated() {
            try PNGCodec.write(RGBAImage(width: 160, height: 100, fill: (c.0, c.1, c.2, 255)),
                               to: folder.path("\(index).png"))
        }
        let warnings = Mutex<[String]>([])
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailCache = .off
        builder.warn = { line in warnings.withLock { $0.append(line) } }
        let loaded = try builder.loadDeck()
        // After the listing, as if another program changed the folder while the viewer runs.
        try FileManager.default.removeItem(at: folder.url("1.png"))
        try Data("garbage".utf8).write(to: folder.url("2.png"))

        let viewport = Size(width: 640, height: 400)
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 640, height: 400))
        let viewer = try builder.build(loaded, on: gpu, viewport: viewport)
        let pictures = viewer.pictures
        viewer.session.advance(to: 0)
        let settled = try viewer.waitForPictures(timeout: 30)
        #expect(settled, "missing: \(pictures.missingFiles)")
        gpu.present()
        let image = try gpu.readPixels()
        viewer.shutdown()

        let lines = warnings.withLock { $0 }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("1.png") } && lines.contains { $0.contains("2.png") }, "\(lines)")
        #expect(pictures.status.unreadable == 2, "\(pictures.status)")
        let grid = GridLayout()
        for index in [0, 3] {
            let center = grid.slotFrame(at: index, viewport: viewport).center
            let c = colors[index]
            #expect(ViewerTest.pixel(image, Int(center.x), Int(center.y), is: (c.0, c.1, c.2), tolerance: 12),
                    "card \(index): \(image[Int(center.x), Int(center.y)])")
        }
        for index in [1, 2] {
            let center = grid.slotFrame(at: index, viewport: viewport).center
            let shown = image[Int(center.x), Int(center.y)]
            let c = colors[index]
            #expect(!ViewerTest.pixel(image, Int(center.x), Int(center.y), is: (c.0, c.1, c.2), tolerance: 40),
                    "card \(index) shows a picture it cannot have: \(shown)")
        }
    }
}
