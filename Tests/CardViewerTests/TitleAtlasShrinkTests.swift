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
        let harness = try OffscreenFolderViewer(pictures: 60, name: { String(format: "picture %02d.png", $0) }, layout: .grid,
                                                viewport: Size(width: 960, height: 600))
        let pictures = harness.pictures, frame = harness.frame, gpu = harness.gpu
        func frames(for seconds: Double) throws { try harness.frames(for: seconds) }
        func key(_ character: Character) { harness.press(.character(character)) }
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
        withExtendedLifetime(harness) {}
    }
}
