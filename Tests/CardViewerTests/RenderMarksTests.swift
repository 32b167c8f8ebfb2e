import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `render` draws what `run` draws (issue 34): the culling marks read from the sidecars beside
/// the pictures, not only the pictures.
@Suite struct RenderMarksTests {
    @Test("a picked card's mark is drawn by render: the frames with and without its sidecar differ only in its top-left corner, in green")
    func marksFromSidecars() throws {
        let directory = try TemporaryFolder("cardviewer-render-marks")
        defer { directory.remove() }
        let folder = try ViewerTest.imageFolder(count: 4, in: directory.url)
        func render(_ name: String) throws -> RGBAImage {
            let out = directory.path(name)
            let outcome = try ChildProcess.runViewer(["render", folder.path, "--layout", "grid", "--size", "1024x640",
                                                      "--thumbnail-cache", "off", "--out", out])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try PNGCodec.read(contentsOf: out)
        }
        let plain = try render("plain.png")
        try Data(ListCommandTests.sidecar(rating: 0, picked: true).utf8).write(to: folder.appendingPathComponent("01-card.png.xmp"))
        let marked = try render("marked.png")
        #expect(plain.width == marked.width && plain.height == marked.height)
        var changed: [(x: Int, y: Int)] = []
        var green = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain[x, y] != marked[x, y] {
                changed.append((x, y))
                let p = marked[x, y]
                if Int(p.g) > Int(p.r) + 60 && Int(p.g) > Int(p.b) + 60 { green += 1 }
            }
        }
        #expect(changed.count > 100, "\(changed.count) pixels changed")
        // The grid's first card spans about x 40…340, y 40…265 at 1024 × 640: the mark is in its top-left quarter.
        #expect(changed.allSatisfy { $0.x < 190 && $0.y < 150 }, "\(changed.prefix(5))")
        #expect(green > 50, "\(green) green pixels in the mark")
    }
}
