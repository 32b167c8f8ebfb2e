import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import CardRenderingTestSupport
import CardTestSupport
import Foundation
import Testing

/// The culling marks the card shader draws from the flags' high bits (SPEC §10,
/// `InstanceFlags.cullBits`), rendered headless and read back: stars in card-local units (their
/// gold area grows with the card's area), one star a fifth of five, a pick flag in green, a
/// rejected card at 35 % brightness with a red cross and no stars, nothing without a mark.
@Suite("Culling marks", .serialized)
struct CullMarkTests {
    static let viewport = Size(width: 800, height: 600)
    static let blue: (r: UInt8, g: UInt8, b: UInt8) = (40, 80, 200)

    static func gold(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 200 && p.g > 150 && p.g < 225 && p.b < 90 }
    static func green(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.g > 170 && p.r < 120 && p.b < 140 }
    static func red(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 200 && p.g < 100 && p.b < 100 }

    /// One flat blue card of `width` × `height` at the viewport's centre with culling bits `bits`, drawn.
    static func render(width: Double, height: Double, bits: UInt8) throws -> RGBAImage? {
        guard let gpu = try? Scenes.context(viewport, samples: 4), let renderer = try? CardRenderer(context: gpu) else { return nil }
        try renderer.uploadPictures([Scenes.solid(blue.r, blue.g, blue.b)], layerSize: PixelSize(width: 64, height: 64))
        let camera = Camera(viewport: viewport)
        let packer = BulkInstancePacker()
        let card = Scenes.card(0, x: viewport.width / 2, y: viewport.height / 2, width: width, height: height)
        packer.pack(cards: [card], offset: .zero, camera: camera, ordering: .depth, layers: LayerChoice(count: 1))
        packer.withMutableRecords { records in
            for i in records.indices { records[i].flags = (records[i].flags & 0x0F) | bits }
        }
        _ = try renderer.upload(packer.records)
        try renderer.draw(packer.records, passes: packer.passes, camera: camera)
        return try gpu.readPixels()
    }

    /// The stars' area in pixels: each pixel's gold coverage from its red channel, between the
    /// pill's (the card's blue under 72 % black) and the stars' (255), summed over the card's top
    /// half, where the mark is (antialiased edges count by their coverage, so the area scales
    /// exactly with the card).
    static func goldArea(_ image: RGBAImage) -> Double {
        let pill = Double(blue.r) * 0.28
        var area = 0.0
        for y in 0..<image.height / 2 {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.b < 100, p.r > p.b else { continue }  // gold or its blend with the dark pill
                area += min(max((Double(p.r) - pill) / (255 - pill), 0), 1)
            }
        }
        return area
    }

    static func count(_ image: RGBAImage, _ test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where test(image[x, y]) { n += 1 } }
        return n
    }

    @Test("stars scale with the card: twice the size, four times the gold; one star is a fifth of five")
    func starsScaleWithTheCard() throws {
        let five = InstanceFlags.cullBits(stars: 5, picked: false, rejected: false)
        guard let small = try Self.render(width: 300, height: 200, bits: five),
              let large = try Self.render(width: 600, height: 400, bits: five),
              let one = try Self.render(width: 600, height: 400, bits: InstanceFlags.cullBits(stars: 1, picked: false, rejected: false)) else {
            Issue.record("no headless OpenGL 3.3")
            return
        }
        let smallGold = Self.goldArea(small), largeGold = Self.goldArea(large), oneGold = Self.goldArea(one)
        // h = 0.08 · the shorter side: 16 and 32 points, within the 6…64 clamp; a star's outer
        // radius 0.46 h, so each covers some 0.1–0.3 h².
        #expect(smallGold > 5 * 0.1 * 16 * 16 && smallGold < 5 * 0.3 * 16 * 16, "\(smallGold)")
        #expect(closeEnough(largeGold, 4 * smallGold, relative: 0.05), "\(largeGold) vs 4 × \(smallGold)")
        #expect(closeEnough(largeGold, 5 * oneGold, relative: 0.05), "\(largeGold) vs 5 × \(oneGold)")
        #expect(Self.count(large, Self.green) == 0 && Self.count(large, Self.red) == 0)
        // All of it in the card's top-left corner: x 100…100 + 5 stars, y 100…100 + a pill.
        let h = 0.08 * 400.0, pill = Vec2(5 * h + 0.4 * h, 1.4 * h)
        let margin = max(0.025 * 400, 2) + 0.3 * min(max(0.025 * 400, 2), 24)
        for y in 0..<large.height {
            for x in 0..<large.width where Self.gold(large[x, y]) {
                let inside = Double(x) >= 100 + margin - 1 && Double(x) <= 100 + margin + pill.x + 1
                    && Double(y) >= 100 + margin - 1 && Double(y) <= 100 + margin + pill.y + 1
                #expect(inside, "gold at (\(x), \(y)) outside the mark")
                if !inside { return }
            }
        }
    }

    @Test("picked: a green flag before the stars; rejected: dimmed to 35 %, a red cross, no stars; none: nothing")
    func flagsAndRejects() throws {
        guard let picked = try Self.render(width: 600, height: 400, bits: InstanceFlags.cullBits(stars: 2, picked: true, rejected: false)),
              let rejected = try Self.render(width: 600, height: 400, bits: InstanceFlags.cullBits(stars: 4, picked: false, rejected: true)),
              let plain = try Self.render(width: 600, height: 400, bits: 0) else {
            Issue.record("no headless OpenGL 3.3")
            return
        }
        #expect(Self.count(picked, Self.green) > 50)
        #expect(Self.count(picked, Self.gold) > 100)
        let center = rejected[400, 300]
        let dim = { (c: UInt8) in Int((Double(c) * 0.35).rounded()) }
        #expect(abs(Int(center.r) - dim(Self.blue.r)) <= 2 && abs(Int(center.g) - dim(Self.blue.g)) <= 2
                && abs(Int(center.b) - dim(Self.blue.b)) <= 2, "\(center)")
        #expect(Self.count(rejected, Self.red) > 50)
        #expect(Self.count(rejected, Self.gold) == 0)
        #expect(plain[400, 300] == (Self.blue.r, Self.blue.g, Self.blue.b, 255))
        #expect(Self.count(plain, { Self.gold($0) || Self.green($0) || Self.red($0) }) == 0)
    }
}
