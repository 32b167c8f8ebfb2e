import CardEvents
import CardImaging
import CardMath
import CardPictures
import CardPixels
import CardRendering
import CardTestSupport
import CardViewerCore
@testable import CardViewerFrame
import Foundation
import Testing

/// The title atlas follows what is shown like the picture pools (SPEC §10 "Memory grows with
/// what is shown"): smaller grid cells (more titles in view) grow it; back to larger cells, after
/// the wait at rest it shrinks, and the titles it keeps are still drawn — the screen after the
/// shrink is the screen before it. (A shrink copied only the slots that moved: the titles whose
/// slots stayed in place came out blank, their cards' bands empty.)
@Suite("the title atlas shrinking at rest")
struct TitleAtlasShrinkTests {
    @Test("smaller cells grow the atlas; larger again, it shrinks at rest and every title on screen stays drawn")
    func shrinkKeepsTitles() throws {
        let folder = try TemporaryFolder("cardviewer-titles")
        defer { folder.remove() }
        for index in 0..<60 {
            let c = PictureFolderReplayTests.color(index)
            try PNGCodec.write(RGBAImage(width: 160, height: 120, fill: (c.r, c.g, c.b, 255)),
                               to: folder.path(String(format: "picture %02d.png", index)))
        }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailCache = .off
        let loaded = try builder.loadDeck()
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 960, height: 600))
        let viewer = try builder.build(loaded, on: gpu, viewport: Size(width: 960, height: 600))
        let session = viewer.session, pictures = viewer.pictures, frame = viewer.frame
        defer { pictures.shutdown() }
        var time = 0.0
        func frames(for seconds: Double) throws {
            let end = time + seconds
            while time < end {
                time += 1.0 / 30
                session.advance(to: time)
                try pictures.update()
                _ = try frame.draw()
            }
        }
        func key(_ character: Character) {
            session.handle(.key(KeyEvent(key: .character(character), isDown: true, time: time)))
            session.handle(.key(KeyEvent(key: .character(character), isDown: false, time: time + 0.01)))
        }
        func settledScreen() throws -> RGBAImage {
            #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
            _ = try frame.draw()
            return try gpu.readPixels()
        }

        try frames(for: 0.1)
        _ = try settledScreen()
        for _ in 0..<3 {
            key("-")
            try frames(for: 0.3)
        }
        try frames(for: 1)
        _ = try settledScreen()
        let grown = pictures.titleTier.capacity(of: .card)
        #expect(grown > ViewerPictures.initialTitleSlots, "more titles in view grew the atlas: \(grown) slots")
        for _ in 0..<3 {
            key("+")
            try frames(for: 0.3)
        }
        try frames(for: 2)
        let before = try settledScreen()
        #expect(pictures.titleTier.capacity(of: .card) == grown, "not shrunk yet")
        try frames(for: PoolGrowth.defaultIdleSeconds)
        let shrunk = pictures.titleTier.capacity(of: .card)
        #expect(shrunk < grown, "the atlas shrank at rest: \(grown) → \(shrunk) slots")
        let after = try settledScreen()
        var differing = 0
        for y in 0..<before.height {
            for x in 0..<before.width where before[x, y] != after[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels changed when the atlas shrank")
    }
}
