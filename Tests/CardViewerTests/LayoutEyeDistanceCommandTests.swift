import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Issue 34 item 6 end to end: `render` and `layout` show a layout from its own eye distance
/// (iCarousel's types 500, the seeds 1500) unless `--camera-distance` is given.
@Suite("Each layout's own camera distance in render and layout (end to end)", .serialized)
struct LayoutEyeDistanceCommandTests {
    /// `render ARGUMENTS` into a PNG, read back.
    func render(_ arguments: [String], in folder: TemporaryFolder, name: String) throws -> RGBAImage {
        let out = folder.path(name)
        let outcome = try ChildProcess.runViewer(["render", "--cards", "12", "--size", "320x200"] + arguments + ["--out", out])
        try #require(outcome.status == 0, "\(outcome.stderr)")
        return try PNGCodec.read(contentsOf: out)
    }

    /// How many pixels differ by more than 2 in some channel.
    func differing(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if abs(Int(p.r) - Int(q.r)) > 2 || abs(Int(p.g) - Int(q.g)) > 2 || abs(Int(p.b) - Int(q.b)) > 2 { count += 1 }
            }
        }
        return count
    }

    @Test("render: coverflow without a distance is coverflow at 500, not at 1500; grid without one is grid at 1500")
    func renderUsesTheLayoutsOwn() throws {
        let folder = try TemporaryFolder("cardviewer-eye-distance")
        defer { folder.remove() }
        let own = try render(["--layout", "coverflow"], in: folder, name: "own.png")
        let at500 = try render(["--layout", "coverflow", "--camera-distance", "500"], in: folder, name: "500.png")
        let at1500 = try render(["--layout", "coverflow", "--camera-distance", "1500"], in: folder, name: "1500.png")
        #expect(differing(own, at500) == 0)
        #expect(differing(own, at1500) > 500, "1500 draws coverflow flatter")
        let grid = try render(["--layout", "grid"], in: folder, name: "grid.png")
        let grid1500 = try render(["--layout", "grid", "--camera-distance", "1500"], in: folder, name: "grid1500.png")
        #expect(differing(grid, grid1500) == 0)
    }
}
