import CardMath
import Testing
@testable import CardPictures

/// The photo view's tile pyramid (SPEC §10): levels by halves, tiles of 512, the level a zoom
/// draws from, the tiles a view needs, and the pool's least-recently-used layers.
@Suite("Tile pyramid and tile residency")
struct TilePyramidTests {
    @Test("levels halve each side, rounded up, down to one tile")
    func levels() {
        let pyramid = TilePyramid(pictureSize: PixelSize(width: 20_000, height: 10_000))
        #expect(pyramid.size(ofLevel: 0) == PixelSize(width: 20_000, height: 10_000))
        #expect(pyramid.size(ofLevel: 3) == PixelSize(width: 2500, height: 1250))
        #expect(pyramid.size(ofLevel: 5) == PixelSize(width: 625, height: 313))
        #expect(pyramid.levelCount == 7)  // level 6: 313 × 157, one tile
        #expect(pyramid.grid(ofLevel: 0) == (40, 20))
        #expect(pyramid.rect(of: TileKey(level: 0, column: 39, row: 19)) == PixelRect(x: 19_968, y: 9728, width: 32, height: 272))
        #expect(TilePyramid(pictureSize: PixelSize(width: 300, height: 200)).levelCount == 1)
    }

    @Test("a zoom draws from the coarsest level that magnifies by at most 2^¼, never finer than can be decoded")
    func levelForScale() {
        let pyramid = TilePyramid(pictureSize: PixelSize(width: 16_384, height: 16_384))
        #expect(pyramid.level(forScale: 1) == 0)
        #expect(pyramid.level(forScale: 8) == 0)
        #expect(pyramid.level(forScale: 0.5) == 1)
        #expect(pyramid.level(forScale: 0.55) == 1)   // level 1 at 1.1 screen pixels a pixel
        #expect(pyramid.level(forScale: 0.62) == 0)   // level 1 would be 1.24
        #expect(pyramid.level(forScale: 0.26) == 2)
        #expect(pyramid.level(forScale: 1e-9) == pyramid.levelCount - 1)
        #expect(pyramid.level(forScale: .nan) == pyramid.levelCount - 1)
        let held = TilePyramid(pictureSize: PixelSize(width: 8064, height: 6048), finestLevel: 1)
        #expect(held.level(forScale: 1) == 1 && held.level(forScale: 0.25) == 2)
    }

    @Test("the tiles covering a view, nearest its centre first, clipped to the picture")
    func tilesCovering() {
        let pyramid = TilePyramid(pictureSize: PixelSize(width: 3000, height: 2000))
        let keys = pyramid.tiles(covering: Rect(x: 1180, y: 800, width: 640, height: 400), level: 0, nearest: Vec2(1500, 1000))
        #expect(Set(keys) == Set([2, 3].flatMap { c in [1, 2].map { TileKey(level: 0, column: c, row: $0) } }))
        #expect(keys.first == TileKey(level: 0, column: 2, row: 1))  // centre (1280, 768) is nearest (1500, 1000)
        let all = pyramid.tiles(covering: Rect(x: -500, y: -500, width: 10_000, height: 10_000), level: 1, nearest: Vec2(0, 0))
        #expect(all.count == 3 * 2 && all.first == TileKey(level: 1, column: 0, row: 0))
        #expect(pyramid.tiles(covering: Rect(x: 0, y: 0, width: 0, height: 10), level: 0, nearest: Vec2(0, 0)).isEmpty)
    }

    @Test("residency: free layers first, then the least recently used that is not in view")
    func residency() {
        var residency = TileResidency(capacity: 3)
        let a = TileKey(level: 0, column: 0, row: 0), b = TileKey(level: 0, column: 1, row: 0)
        let c = TileKey(level: 0, column: 2, row: 0), d = TileKey(level: 0, column: 3, row: 0)
        #expect(residency.place(a, pinned: []) == 0 && residency.place(b, pinned: []) == 1 && residency.place(c, pinned: []) == 2)
        #expect(residency.use(a) == 0)  // a is now the most recent; b the least
        #expect(residency.place(d, pinned: []) == 1 && residency.layer(of: b) == nil)
        // Everything pinned: no layer.
        #expect(residency.place(b, pinned: [a, c, d]) == nil)
        // c is the least recent unpinned.
        #expect(residency.place(b, pinned: [a, d]) == 2 && residency.layer(of: c) == nil)
        residency.removeAll()
        #expect(residency.count == 0 && residency.layer(of: a) == nil && residency.capacity == 3)
    }
}
