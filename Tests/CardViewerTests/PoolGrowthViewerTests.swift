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

/// The viewer's pools follow what is shown (SPEC §10 "Memory grows with what is shown"): a
/// folder in the task switcher (three cards in view) keeps the card tier at its 16 starting
/// layers; the grid scrolled forward (more cards in view and ahead) grows it mid-run with
/// pictures already uploaded, kept in their layers, and every card shows its own picture; back
/// up, after the wait at rest, the pool shrinks and every card still shows its own picture (the
/// layers were copied, not lost or mixed up).
@Suite("picture pools growing and shrinking in the viewer")
struct PoolGrowthViewerTests {
    @Test("tasks → grid scrolled grows the card tier with its pictures intact; at rest with fewer needed it shrinks")
    func growsAndShrinks() throws {
        let count = 48
        let harness = try OffscreenFolderViewer(pictures: count, name: { String(format: "%02d.png", $0) }, layout: .tasks,
                                                viewport: Size(width: 640, height: 400))
        let session = harness.session, pictures = harness.pictures, frame = harness.frame, gpu = harness.gpu
        let viewport = harness.viewport
        func frames(for seconds: Double) throws { try harness.frames(for: seconds) }
        func press(_ key: Key) { harness.press(key) }
        func key(_ character: Character) { harness.press(.character(character)) }

        func gridIsRight(_ label: String) throws {
            _ = try frame.draw()
            let image = try gpu.readPixels()
            var checked = 0
            for index in 0..<count {
                let center = GridLayout().slotFrame(at: index, viewport: viewport).center - Vec2(session.offset.x, session.offset.y)
                guard center.y > 8, center.y < viewport.height - 8, center.x > 8, center.x < viewport.width - 8 else { continue }
                checked += 1
                let expected = PictureFolderReplayTests.color(index)
                #expect(ViewerTest.pixel(image, Int(center.x), Int(center.y), is: expected, tolerance: 12),
                        "\(label): grid card \(index) shows \(image[Int(center.x), Int(center.y)]) instead of \(expected)")
            }
            #expect(checked >= 4, "\(label): cards checked in the grid: \(checked)")
        }

        try frames(for: 0.1)
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        let start = pictures.pictureTier.residency.capacity(of: .card)
        #expect(start == ViewerPictures.initialCardLayers, "the task switcher's few cards fit the starting pool")
        let resident = (0..<count).filter { pictures.pictureTier.residency.isResident(PictureKey($0, .card)) }
        try #require(!resident.isEmpty)
        let layersBefore = resident.map { pictures.pictureTier.residency.layer(for: PictureKey($0, .card)) }

        // The grid scrolled forward: more cards in view and ahead than 16 layers hold.
        // Alt+4: in a deck of pictures the bare digits rate (SPEC §10), the layouts are on Alt.
        harness.press(.character("4"), modifiers: .alt)
        try frames(for: 1.5)
        press(.pageDown)
        try frames(for: 1.5)
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        let grown = pictures.pictureTier.residency.capacity(of: .card)
        #expect(grown > start, "the pool grew: \(start) → \(grown) layers")
        // Growing kept the pictures already uploaded in their layers.
        let kept = resident.filter { pictures.pictureTier.residency.isResident(PictureKey($0, .card)) }
        #expect(kept.map { pictures.pictureTier.residency.layer(for: PictureKey($0, .card)) }
                == zip(resident, layersBefore).filter { kept.contains($0.0) }.map(\.1))
        try gridIsRight("after the growth")

        // Back up (only the cards in view are needed now) and at rest: after the wait, the pool
        // shrinks, the pictures it keeps moved into the lower layers.
        press(.pageUp)
        try frames(for: 1.5)
        #expect(session.nextDeadline != nil, "a pool due to shrink wakes the window at rest")
        try frames(for: PoolGrowth.defaultIdleSeconds + 0.5)
        let shrunk = pictures.pictureTier.residency.capacity(of: .card)
        #expect(shrunk < grown, "the pool shrank at rest: \(grown) → \(shrunk) layers")
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try frame.draw() })
        try gridIsRight("after the shrink")
        withExtendedLifetime(harness) {}
    }
}
