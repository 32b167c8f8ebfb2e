import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// SlideBox between appends (SPEC §10 "Adding cards"), read back from the pixels of headless
/// replays: A pressed twice on a generated deck, screenshots taken at moments across both
/// appends all show a card at the window's centre (it showed the bare background for 0.85 s of
/// each append: the deck scrolled to the new card's page while the card was still hidden).
@Suite("slidebox appends never leave the window blank (replay, pixels)")
struct SlideBoxAppendReplayTests {
    @Test("a card at the centre throughout two appends", arguments: [0.45, 0.7, 0.95, 1.2, 1.45, 1.9])
    func cardAtTheCenter(at end: Double) throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let shot = folder.url("shot.png")
        let script = #"{"events": [{"time": 0.1, "type": "key", "key": "a"}, {"time": 0.3, "type": "key", "key": "a"}], "end": \#(end)}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: ["--layout", "slidebox", "--cards", "5", "--size", "800x500",
                                                                                "--state", folder.path("state.json"),
                                                                                "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        // The window's background, at a corner no card reaches (cards are 0.6 W × 0.6 H, centred).
        let background = image[4, 4]
        var covered = 0
        for (dx, dy) in [(-40, -30), (0, 0), (40, 30), (-40, 30), (40, -30)] {
            let p = image[400 + dx, 250 + dy]
            let distance = abs(Int(p.r) - Int(background.r)) + abs(Int(p.g) - Int(background.g)) + abs(Int(p.b) - Int(background.b))
            if distance > 30 { covered += 1 }
        }
        #expect(covered == 5, "at \(end) s the centre shows the background")
    }
}
