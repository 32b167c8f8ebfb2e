import CardEvents
import CardImaging
import CardLayout
import CardMath
import CardPictures
import CardPixels
import CardRendering
import CardTestSupport
import CardViewerCore
@testable import CardViewerFrame
import Foundation
import Testing

/// Cards made larger with `+` get pictures with the detail their new size asks for: a resident
/// card-tier picture made for a smaller thumbnail folder is asked for again and replaces itself
/// in its own layer (the card never falls back to its placeholder meanwhile).
@Suite("cards made larger get more detail")
struct CardDetailUpgradeTests {
    @Test("small cards made larger with + are remade at the larger thumbnail size, in their own layers")
    func plusUpgradesTheCards() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        let cache = try TemporaryFolder("cardviewer-e2e")
        defer {
            folder.remove()
            cache.remove()
        }
        let count = 12
        for index in 0..<count {
            let c = PictureFolderReplayTests.color(index)
            try PNGCodec.write(RGBAImage(width: 800, height: 600, fill: (c.r, c.g, c.b, 255)),
                               to: folder.path(String(format: "%02d.png", index)))
        }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailRoot = cache.path
        // Small cards first (11 columns at 1280 points: the normal thumbnail folder).
        builder.layoutOptions = try LayoutDescriptor.grid.values(setting: ["minimumCardWidth=112"])
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
            // Upgrades run while the cards already show a picture: wait for the last one.
            let deadline = Date().addingTimeInterval(30)
            while pictures.pictureTier.scheduler.inFlightCount > 0, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
                time += 1.0 / 30
                session.advance(to: time)
                try pictures.update()
                _ = try frame.draw()
            }
        }
        func inView() -> [Int] {
            (0..<count).filter { pictures.pictureTier.residency.isResident(PictureKey($0, .card)) && pictures.isInView($0) }
        }
        func press(_ character: Character, times: Int) {
            for _ in 0..<times {
                session.handle(.key(KeyEvent(key: .character(character), isDown: true, time: time)))
                session.handle(.key(KeyEvent(key: .character(character), isDown: false, time: time + 0.01)))
                time += 0.02
            }
        }
        try settle()
        let before = pictures.pictureTier.residency.wantedCardDetail
        let shown = inView()
        try #require(!shown.isEmpty)
        for picture in shown { #expect(pictures.pictureTier.residency.cardDetail(of: picture) == before) }
        let layers = Dictionary(uniqueKeysWithValues: shown.map { ($0, pictures.pictureTier.residency.layer(for: PictureKey($0, .card))) })

        press("=", times: 8)
        // Through the animation to the larger size and the upgrades, every card in view keeps
        // showing a picture (its old one until the new replaces it in the same layer).
        for _ in 0..<20 {
            time += 1.0 / 30
            session.advance(to: time)
            try pictures.update()
            _ = try frame.draw()
            for picture in inView() {
                #expect(pictures.pictureTier.residency.appearance(of: picture) != .placeholder, "card \(picture) fell back to its placeholder")
            }
        }
        try settle()
        let wanted = pictures.pictureTier.residency.wantedCardDetail
        #expect(before == 128 && wanted == 256, "the larger cards ask for a larger thumbnail folder (\(before) → \(wanted))")
        let after = inView()
        #expect(!after.isEmpty)
        for picture in after {
            #expect(pictures.pictureTier.residency.cardDetail(of: picture) == pictures.pictureTier.residency.wantedCardDetail,
                    "picture \(picture) made for \(pictures.pictureTier.residency.cardDetail(of: picture)) px, cards ask for \(pictures.pictureTier.residency.wantedCardDetail)")
            if let layer = layers[picture] {
                #expect(pictures.pictureTier.residency.layer(for: PictureKey(picture, .card)) == layer, "picture \(picture) moved layers")
            }
        }
    }
}
