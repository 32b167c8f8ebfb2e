import CardImaging
import CardMath
import CardPixels
import CardTestSupport
import CardViewerCore
import CardViewerFrame
import Foundation
import Testing

/// The progress line of background thumbnailing (SPEC §10 "Loading is visible"), read back in the
/// pixel font from a replay's last frame: a folder far larger than a screen, its first screen
/// shown, its thumbnails still being made.
@Suite("the progress line while thumbnails are made")
struct ProgressLineReplayTests {
    @Test("\"thumbnails N / 600\" at the bottom of the frame, N counting what is done")
    func progressLineDrawn() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let count = 600
        for index in 0..<count {
            let image = RGBAImage(width: 400, height: 300, fill: (UInt8(40 + index % 200), 90, UInt8(200 - index % 150), 255))
            try PNGCodec.write(image, to: images.appendingPathComponent(String(format: "%04d.png", index)).path)
        }
        let shot = folder.url("last.png")
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.1}"#, in: folder.url, arguments: [
            "--size", "960x600", "--layout", "grid", "--images", images.path, "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: shot.path)
        let viewport = Size(width: 960, height: 600)
        // The line's width depends on N's digits: read it as each count would be placed.
        var found: Int?
        for done in 0..<count {
            let panel = OverlayPanel(lines: ["thumbnails \(done) / \(count)"], placement: .bottomCenter)
            let block = try #require(OverlayBlocks.blocks(for: [panel], viewport: viewport).first)
            if PixelFontReader().line(0, of: block, in: image) == panel.lines[0] {
                found = done
                break
            }
        }
        let done = try #require(found, "no progress line in the last frame")
        // The first screen's pictures (their own loads save their thumbnails) are counted.
        #expect(done >= 1 && done < count)
    }
}
