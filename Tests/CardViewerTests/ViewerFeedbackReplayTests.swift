import CardTestSupport
@testable import CardViewerApp
import CardImaging
import CardMath
import CardPixels
import CardRendering
import CardViewerCore
import CardViewerFrame
import Foundation
import Testing

/// Feedback on screen, end to end (SPEC §7): the built viewer plays a replay offscreen, and the
/// text is read back from the last frame's pixels in the pixel font.
@Suite("cardviewer run: messages and the empty folder, read back from the frame")
struct ViewerFeedbackReplayTests {
    static let viewport = Size(width: 960, height: 600)
    static let sizeArgument = ["--size", "960x600"]

    /// The lines of `panel` as drawn in `image` (placed as `OverlayBlocks` places it).
    func read(_ panel: OverlayPanel, in image: RGBAImage, among panels: [OverlayPanel]? = nil) throws -> [String] {
        let all = panels ?? [panel]
        let blocks = OverlayBlocks.blocks(for: all, viewport: Self.viewport)
        let block = try #require(zip(all, blocks).first { $0.0 == panel }?.1)
        return panel.lines.indices.map { PixelFontReader().line($0, of: block, in: image) }
    }

    @Test("S says which file it saved, Z which ordering it chose: on screen, after the key")
    func messagesShowOnScreen() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let shot = folder.url("last.png")
        let shots = try folder.folder("shots")
        let outcome = try ViewerTest.replay(#"{"events": [{"time": 0.1, "type": "key", "key": "s"}], "end": 0.6}"#, in: folder.url,
                                            arguments: Self.sizeArgument + ["--cards", "12", "--screenshot-dir", shots.path,
                                                                            "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: shots.path).first)
        let message = OverlayPanel(lines: ["saved \(name)"], placement: .bottomCenter)
        #expect(try read(message, in: try PNGCodec.read(contentsOf: shot.path)) == message.lines)
        // The screenshot itself is the frame S asked for: without the message.
        let taken = try PNGCodec.read(contentsOf: shots.appendingPathComponent(name).path)
        #expect(try read(message, in: taken) != message.lines)

        let zindex = try ViewerTest.replay(#"{"events": [{"time": 0.1, "type": "key", "key": "z"}], "end": 0.6}"#, in: folder.url,
                                           arguments: Self.sizeArgument + ["--cards", "12", "--screenshot", shot.path])
        #expect(zindex.status == 0, "\(zindex.stderr)")
        let ordering = OverlayPanel(lines: ["ordering: zindex (Core Animation)"], placement: .bottomCenter)
        #expect(try read(ordering, in: try PNGCodec.read(contentsOf: shot.path)) == ordering.lines)
    }

    @Test("an empty --images folder: one warning, and the window says what it expected there")
    func emptyFolder() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("nothing-here")
        try Data("not a picture".utf8).write(to: images.appendingPathComponent("notes.txt"))
        let shot = folder.url("last.png")
        let outcome = try ViewerTest.replay(#"{"events": [], "end": 0.3}"#, in: folder.url,
                                            arguments: Self.sizeArgument + ["--images", images.path, "--screenshot", shot.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("no PNG, JPEG, WebP, TIFF, GIF, HEIC, AVIF or camera RAW pictures in '\(images.path)'"), "\(outcome.stderr)")
        let panel = OverlayPanel(lines: ViewerProgram.emptyFolderLines(images.path), placement: .center)
        let lines = try read(panel, in: try PNGCodec.read(contentsOf: shot.path))
        #expect(lines.first == "No pictures in")
        #expect(lines == panel.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }, "\(lines)")
    }
}
