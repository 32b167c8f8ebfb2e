import CardInteraction
import CardLayout
@testable import CardViewerCore
import Testing

/// The progress line of background thumbnailing (SPEC §10 "Loading is visible"): shown while
/// thumbnails are made, counting them, gone when done; a change asks for one frame.
@Suite struct ThumbnailProgressTests {
    func progress(_ session: ViewerSession) -> [String]? {
        session.overlayPanels.first { $0.lines.first?.hasPrefix("thumbnails ") == true }?.lines
    }

    func status(done: Int, total: Int) -> PictureStatus {
        var status = PictureStatus()
        status.inView = 12
        status.readyInView = 12
        status.total = total
        status.thumbnailsDone = done
        status.thumbnailsTotal = total
        return status
    }

    @Test("\"thumbnails 120 / 500\" at the bottom while they are made, updated with the count, gone at 500 / 500")
    func progressLine() {
        let session = ViewerSession(deck: Deck(syntheticCount: 500), configuration: .init(layout: .grid))
        #expect(progress(session) == nil)
        session.prepareFrame()
        session.reportPictures(status(done: 120, total: 500), changed: false, fading: false, working: true)
        #expect(progress(session) == ["thumbnails 120 / 500"])
        #expect(session.overlayPanels.first { $0.lines == ["thumbnails 120 / 500"] }?.placement == .bottomCenter)
        #expect(session.needsDisplay)
        session.prepareFrame()
        session.reportPictures(status(done: 121, total: 500), changed: false, fading: false, working: true)
        #expect(progress(session) == ["thumbnails 121 / 500"])
        session.prepareFrame()
        #expect(!session.needsDisplay)
        // The same count again: nothing to draw.
        session.reportPictures(status(done: 121, total: 500), changed: false, fading: false, working: true)
        #expect(!session.needsDisplay)
        session.reportPictures(status(done: 500, total: 500), changed: false, fading: false, working: false)
        #expect(progress(session) == nil)
        #expect(session.needsDisplay)
        // No background thumbnailing (a read-only cache, a deck without pictures): no line.
        #expect(status(done: 0, total: 0).progressLine == nil)
    }
}
