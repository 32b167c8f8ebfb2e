import CardEvents
import CardLayout
import CardMath
import CardPictures
import CardRendering
@testable import CardViewerFrame
import Testing

/// The full tier's layers are as large as the pictures they hold need, and stay so while the
/// content scrolls (issue 34, "memory after a walk"): pages' large cards of 480 × 300 pictures
/// in a 960 × 600 window take 480 × 300 layers. While the content scrolls the demand asks for no
/// full-tier picture at all; that once read as "a picture of unknown size" and re-created the
/// layers at the framebuffer's size — the bundled deck's 640 × 400 layers became 1280 × 800 on
/// the first Page Down, 4 × the memory (VmHWM 204 → 153 MiB for the walk, docs/BENCHMARKS.md).
@Suite("the full tier's layer size through scrolls")
struct FullTierLayerSizeTests {
    @Test("pages scrolled page by page keeps 480 × 300 full-tier layers for 480 × 300 pictures")
    func layersFollowThePictures() throws {
        let picture = PixelSize(width: 480, height: 300)
        let harness = try OffscreenFolderViewer(pictures: 14, name: { "p\($0).png" }, layout: .pages,
                                                viewport: Size(width: 960, height: 600), pictureSize: picture)
        let pictures = harness.pictures
        try harness.frames(for: 0.1)
        #expect(try pictures.waitUntilSettled(timeout: 30) { _ = try harness.frame.draw() })
        try harness.frames(for: 0.2)
        let tier = pictures.pictureTier
        try #require(tier.capacity(of: .full) > 0, "pages' large cards use the full tier")
        #expect(tier.layerSize(of: .full) == picture)
        var sizes: Set<String> = []
        for _ in 0..<4 {
            harness.press(.pageDown)
            // Frame by frame through the scroll: the size is read after every one.
            for _ in 0..<30 {
                try harness.frames(for: 1.0 / 30)
                let size = pictures.pictureTier.layerSize(of: .full)
                if pictures.pictureTier.capacity(of: .full) > 0 { sizes.insert("\(size.width)×\(size.height)") }
            }
        }
        #expect(sizes == ["480×300"], "full-tier layer sizes seen while scrolling: \(sizes.sorted())")
        #expect(pictures.renderer.fullResolutionPictures.size == picture)
        withExtendedLifetime(harness) {}
    }
}
