import CardLayout
import CardMath
import CardRendering

/// The cards that may cover each 8 × 8-pixel tile of the image, from their projected corners,
/// so the reference tests a pixel's ray against a few cards instead of all of them.
///
/// A card's screen bounds are the bounding box of its projected corners (a projected
/// rectangle is convex, so it lies inside), grown by two pixels for the outline test. A card
/// with a corner behind the near plane may wrap around the screen: it goes into every tile.
struct ScreenBins: Sendable {
    static let tileSize = 8
    private let columns: Int
    private let rows: Int
    /// Card indices per tile, row-major; each list in increasing card order.
    private let tiles: [[Int32]]

    /// - Complexity: O(n + total tiles covered).
    init(_ cards: [CardAttributes], offset: Vec2, camera: Camera, pixels: PixelSize) {
        let tile = Self.tileSize
        let columns = max(1, (pixels.width + tile - 1) / tile)
        let rows = max(1, (pixels.height + tile - 1) / tile)
        var tiles = [[Int32]](repeating: [], count: columns * rows)
        let scaleX = Double(pixels.width) / max(camera.viewport.width, 1e-9)
        let scaleY = Double(pixels.height) / max(camera.viewport.height, 1e-9)
        for (i, card) in cards.enumerated() {
            var lo = Vec2(Double.infinity, .infinity), hi = Vec2(-Double.infinity, -.infinity)
            var wraps = false
            for corner in card.worldCorners(offset: offset) {
                guard let projected = camera.project(corner), projected.depth > camera.near else { wraps = true; break }
                lo = Vec2(min(lo.x, projected.point.x), min(lo.y, projected.point.y))
                hi = Vec2(max(hi.x, projected.point.x), max(hi.y, projected.point.y))
            }
            let x0, x1, y0, y1: Int
            if wraps || !(lo.x.isFinite && lo.y.isFinite && hi.x.isFinite && hi.y.isFinite) {
                (x0, x1, y0, y1) = (0, columns - 1, 0, rows - 1)
            } else {
                // Pixels, grown by 2; clamped before conversion so huge or NaN bounds cannot trap.
                func column(_ points: Double) -> Int { Int(clamp((points * scaleX) / Double(tile), -1, Double(columns))) }
                func row(_ points: Double) -> Int { Int(clamp((points * scaleY) / Double(tile), -1, Double(rows))) }
                let pad = 2.0
                (x0, x1) = (column(lo.x - pad / scaleX), column(hi.x + pad / scaleX))
                (y0, y1) = (row(lo.y - pad / scaleY), row(hi.y + pad / scaleY))
            }
            guard x1 >= 0, y1 >= 0, x0 < columns, y0 < rows else { continue }
            for ty in max(0, y0)...min(rows - 1, y1) {
                for tx in max(0, x0)...min(columns - 1, x1) { tiles[ty * columns + tx].append(Int32(i)) }
            }
        }
        self.columns = columns
        self.rows = rows
        self.tiles = tiles
    }

    /// The cards that may cover pixel (x, y).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func cards(x: Int, y: Int) -> [Int32] {
        tiles[(y / Self.tileSize) * columns + x / Self.tileSize]
    }
}
