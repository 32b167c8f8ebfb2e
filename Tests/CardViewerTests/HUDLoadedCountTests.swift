import CardEvents
import CardLayout
import CardMath
import CardPictures
import CardTestSupport
import CardViewerCore
@testable import CardViewerFrame
import Testing

/// The HUD's "L loaded of T" counts different pictures (issue 34: it said "153 loaded of 61"
/// after a walk, counting each upload of a picture evicted and shown again).
@Suite struct HUDLoadedCountTests {
    @Test("after a walk that evicts and uploads pictures again, 'loaded' counts each picture once, never more than the deck")
    func loadedCountsPicturesOnce() throws {
        let count = 48
        let harness = try OffscreenFolderViewer(pictures: count, name: { String(format: "%02d.png", $0) }, layout: .grid,
                                                viewport: Size(width: 640, height: 400))
        let session = harness.session
        try harness.frames(for: 0.5)
        for _ in 0..<3 {
            harness.press(.pageDown)
            try harness.frames(for: 1.0)
        }
        for _ in 0..<3 {
            harness.press(.pageUp)
            try harness.frames(for: 1.0)
        }
        // At rest the pools shrink (pictures evicted); the walk down again uploads them anew.
        try harness.frames(for: PoolGrowth.defaultIdleSeconds + 1)
        for _ in 0..<3 {
            harness.press(.pageDown)
            try harness.frames(for: 1.0)
        }
        let status = session.pictureStatus
        #expect(status.loaded > status.distinctLoaded, "uploads \(status.loaded), pictures \(status.distinctLoaded): nothing uploaded twice")
        #expect(status.distinctLoaded <= count && status.distinctLoaded > 0)
        #expect(status.total == count)
        session.handle(.key(KeyEvent(key: .character("h"), isDown: true, time: harness.time)))
        try harness.frames(for: 0.5)
        let hud = session.overlayPanels.flatMap(\.lines).first { $0.hasPrefix("pictures ") }
        #expect(hud?.contains("\(session.pictureStatus.distinctLoaded) loaded of \(count)") == true, "\(hud ?? "no HUD line")")
    }
}
