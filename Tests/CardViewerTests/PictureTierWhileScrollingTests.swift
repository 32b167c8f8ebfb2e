import CardEvents
import CardInteraction
import CardMath
import CardPacking
import CardPictures
import CardRendering
import CardViewerCore
@testable import CardViewerFrame
import Foundation
import Testing

/// Full-resolution pictures wait for the scroll to stand: while pages' big cards pass by in a
/// drag, no full-tier picture is asked for or drawn from (the card tier is cheaper to sample);
/// once the content stands, the pipeline asks for a frame by itself (a window at rest draws
/// nothing unless asked), and that frame asks for them and draws them.
@Suite("the full tier waits while the content scrolls")
struct PictureTierWhileScrollingTests {
    /// The bundled deck in pages, headless at 640×400, without the thumbnail cache.
    static func bundledPages() throws -> AssembledViewer {
        var builder = ViewerBuilder(deck: .bundled, layout: .pages)
        builder.pictures.thumbnailCache = .off
        let loaded = try builder.loadDeck()
        try #require(!loaded.catalog.pictures.isEmpty, "the bundled pictures are missing")
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 640, height: 400))
        return try builder.build(loaded, on: gpu, viewport: Size(width: 640, height: 400))
    }

    static func fullTierWanted(_ pictures: ViewerPictures) -> Bool {
        pictures.pictureTier.demand.entries.contains { $0.key.tier == .full }
    }

    @Test("pages: none asked for during a drag; at rest, a frame is asked for and it asks for them")
    func deferredUntilRest() throws {
        let viewer = try Self.bundledPages()
        let session = viewer.session, pictures = viewer.pictures, frame = viewer.frame
        defer { pictures.shutdown() }
        // The frames' records after the picture pass (the last frame's, as uploaded): how many
        // draw from the full tier.
        var fullTierRecords: Int {
            frame.packer.records.filter { $0.layer >= PictureLayer.fullResolutionBase && $0.layer != PictureLayer.none }.count
        }
        var time = 0.0
        func drawFrame() throws {
            session.advance(to: time)
            try pictures.update()
            _ = try frame.draw()
        }
        try drawFrame()
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        // Asked for once the pictures' sizes are known (their card-tier decodes come first).
        #expect(Self.fullTierWanted(pictures), "pages' cards at rest are big enough for the full tier")
        #expect(fullTierRecords > 0, "at rest, large cards draw from the full tier")

        // A slow drag up: the content moves every frame.
        session.handle(.pointer(PointerEvent(.down, position: Vec2(320, 350), time: time)))
        var wantedWhileMoving = 0, movingFrames = 0
        for step in 1...20 {
            time = Double(step) / 60
            let before = session.offset
            session.handle(.pointer(PointerEvent(.move, position: Vec2(320, 350 - 6 * Double(step)), time: time)))
            try drawFrame()
            guard step > 2, session.offset != before else { continue }
            movingFrames += 1
            if Self.fullTierWanted(pictures) { wantedWhileMoving += 1 }
            #expect(fullTierRecords == 0, "step \(step): \(fullTierRecords) cards drew from the full tier while the content moved")
        }
        #expect(movingFrames > 10, "the drag moved the content in \(movingFrames) frames")
        #expect(wantedWhileMoving == 0, "full-tier pictures asked for in \(wantedWhileMoving) frames of the drag")

        // Held still, then nothing more: the next update asks for a frame by itself.
        time += 0.5
        session.advance(to: time)
        let changed = try pictures.update()
        #expect(changed, "the pipeline must ask for a frame once the content stands")
        try drawFrame()
        #expect(Self.fullTierWanted(pictures), "the frame at rest asks for the full tier")
        #expect(fullTierRecords > 0, "the frame at rest draws from the full tier again")
    }

    @Test("pages: cards handed out past the window's edge are not in view and get no full tier")
    func offScreenCardsAreNotInView() throws {
        let viewer = try Self.bundledPages()
        let session = viewer.session, pictures = viewer.pictures, frame = viewer.frame
        defer { pictures.shutdown() }
        session.advance(to: 0)
        try pictures.update()
        _ = try frame.draw()
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        _ = try frame.draw()
        let records = frame.packer.records
        let onScreen = records.filter { RecordGeometry.isOnScreen($0, camera: session.camera) }
        #expect(onScreen.count >= 2 && onScreen.count < records.count,
                "pages hands out cards below the window: \(records.count) drawn, \(onScreen.count) on screen")
        #expect(pictures.frameStatus.inView == onScreen.count, "in view: \(pictures.frameStatus.inView), on screen: \(onScreen.count)")
        #expect(pictures.frameStatus.readyInView == onScreen.count)
        // The full tier goes to cards on screen only: asked for and drawn.
        let onScreenPictures = Set(onScreen.map { Int(pictures.picture(ofID: $0.id)) })
        let fullAsked = pictures.pictureTier.demand.entries.filter { $0.key.tier == .full && $0.band == .visible }.map { Int($0.key.picture) }
        #expect(!fullAsked.isEmpty, "pages' cards on screen are big enough for the full tier")
        #expect(fullAsked.allSatisfy(onScreenPictures.contains), "full tier asked for \(fullAsked), on screen \(onScreenPictures.sorted())")
        for record in records where record.layer >= PictureLayer.fullResolutionBase && record.layer != PictureLayer.none {
            #expect(RecordGeometry.isOnScreen(record, camera: session.camera), "card \(record.id) off screen draws from the full tier")
        }
    }
}
