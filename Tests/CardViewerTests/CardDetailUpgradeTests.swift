import CardEvents
import CardImaging
import CardLayout
import CardMath
import CardPictures
import CardPixels
import CardRendering
import CardViewerCore
@testable import CardViewerFrame
import Foundation
import Testing

/// Cards made larger with `+` get pictures with the detail their new size asks for: a resident
/// card-tier picture made for a smaller thumbnail folder is asked for again and replaces itself
/// in its own layer (the card never falls back to its placeholder meanwhile).
@Suite("cards made larger get more detail")
struct CardDetailUpgradeTests {
    @Test("after + the cards in view are remade at the larger thumbnail size, in their own layers")
    func plusUpgradesTheCards() throws {
        let folder = try CommandRunner.temporaryDirectory()
        let cache = try CommandRunner.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: cache)
        }
        let count = 12
        for index in 0..<count {
            let c = PictureFolderReplayTests.colour(index)
            try PNGCodec.write(RGBAImage(width: 800, height: 600, fill: (c.r, c.g, c.b, 255)),
                               to: folder.appendingPathComponent(String(format: "%02d.png", index)).path)
        }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailRoot = cache.path
        let loaded = try builder.loadDeck()
        let viewport = Size(width: 1280, height: 800)
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 1280, height: 800))
        let viewer = try builder.build(loaded, on: gpu, viewport: viewport)
        let session = viewer.session, pictures = viewer.pictures, frame = viewer.frame
        defer { pictures.shutdown() }
        var time = 0.0
        func settle() throws {
            for _ in 0..<30 {
                time += 1.0 / 30
                session.advance(to: time)
                try pictures.update()
                _ = try frame.draw()
            }
            #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        }
        func inView() -> [Int] {
            (0..<count).filter { pictures.residency.isResident(PictureKey($0, .card)) && pictures.isInView($0) }
        }
        try settle()
        let before = pictures.residency.wantedCardDetail
        let shown = inView()
        try #require(!shown.isEmpty)
        for picture in shown { #expect(pictures.residency.cardDetail(of: picture) == before) }
        let layers = Dictionary(uniqueKeysWithValues: shown.map { ($0, pictures.residency.layer(for: PictureKey($0, .card))) })

        session.handle(.key(KeyEvent(key: .character("="), isDown: true, time: time)))
        session.handle(.key(KeyEvent(key: .character("="), isDown: false, time: time + 0.01)))
        time += 0.02
        // The first frames at the larger size: the old pictures still show while the new come.
        time += 1.0 / 30
        session.advance(to: time)
        try pictures.update()
        _ = try frame.draw()
        let wanted = pictures.residency.wantedCardDetail
        #expect(wanted > before, "the larger cards ask for a larger thumbnail folder (\(before) → \(wanted))")
        for picture in inView() {
            #expect(pictures.residency.appearance(of: picture) != .placeholder, "card \(picture) fell back to its placeholder")
        }
        try settle()
        let after = inView()
        #expect(!after.isEmpty)
        for picture in after {
            #expect(pictures.residency.cardDetail(of: picture) == pictures.residency.wantedCardDetail,
                    "picture \(picture) made for \(pictures.residency.cardDetail(of: picture)) px, cards ask for \(pictures.residency.wantedCardDetail)")
            if let layer = layers[picture] {
                #expect(pictures.residency.layer(for: PictureKey(picture, .card)) == layer, "picture \(picture) moved layers")
            }
        }
    }
}
