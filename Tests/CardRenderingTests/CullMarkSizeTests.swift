import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import CardRenderingTestSupport
import CardTestSupport
import Foundation
import Testing

/// The culling mark's size at the grid's default card size (SPEC §10: "large enough to read at
/// the grid's default size"), rendered headless and read back: one flat blue card of the grid's
/// size in the default 1280 × 800 window (285 × 213.75 points, points = pixels), picked.
/// The stars keep their size (h = 8 % of the card's shorter side, `CullMarkTests`): 17 pixels
/// here.
@Suite("Culling mark size", .serialized)
struct CullMarkSizeTests {
    /// The grid's card in the viewer's default window (`ViewerOptions.size`).
    static let gridCard = GridLayout().cardSize(viewport: Size(width: 1280, height: 800))

    /// The bounding box (pixels: x, y, width, height) and the count of the pixels `test` accepts.
    static func extent(_ image: RGBAImage, _ test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool)
        -> (x: Int, y: Int, width: Int, height: Int, count: Int) {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min, count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where test(image[x, y]) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                count += 1
            }
        }
        guard count > 0 else { return (0, 0, 0, 0, 0) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1, count)
    }

    /// Pixels of the mark's green (the pick).
    static func green(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.g > 120 && Int(p.g) > Int(p.r) + 60 && Int(p.g) > Int(p.b) + 40 }

    @Test("a picked card at the grid's default size: the pick's disc is 2 · pickRadius · h, at least 18 pixels across")
    func pickReadsAtGridSize() throws {
        let size = Self.gridCard
        guard let picked = try CullMarkTests.render(width: size.width, height: size.height,
                                                    bits: InstanceFlags.cullBits(stars: 0, picked: true, rejected: false)) else {
            Issue.record("no headless OpenGL 3.3")
            return
        }
        // Before (a flag of 0.56 × 0.84 h in a slot h wide, h = 0.08 · 213.75 = 17.1): 11 × 14
        // pixels, 84 of them green. Now a disc 1.3 h across: 22 × 22.
        let pick = Self.extent(picked, Self.green)
        let h = 0.08 * min(size.width, size.height)
        #expect(pick.height >= 18 && pick.width >= 18, "pick \(pick)")
        let across = 2 * Double(CullMarkShape.pickRadius) * h
        #expect(abs(Double(pick.height) - across) <= 2 && abs(Double(pick.width) - across) <= 2, "pick \(pick), h \(h)")
        #expect(pick.count >= 200, "pick \(pick)")
    }
}
