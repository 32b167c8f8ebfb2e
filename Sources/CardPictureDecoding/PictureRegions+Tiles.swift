import CardMath
import CardPixels

extension PictureRegions {
    /// Tiles of one level, each as a square of `side` pixels: the tile's pixels (`rects`, the
    /// level's pixels) at (`border`, `border`), framed by `border` pixels of its neighbours
    /// (the picture's edge pixels repeated past its sides, and past a short edge tile's end),
    /// so that a texture of it filters across the seam as the whole picture would. The rectangle
    /// covering them all is decoded once (`region(_:level:)`).
    /// - Throws: `PictureError` naming the file.
    /// - Complexity: one region decode of the tiles' bounding box, plus O(side² · tiles).
    public func tiles(_ rects: [PixelRect], level: Int, border: Int, side: Int) throws -> [RGBAImage] {
        guard !rects.isEmpty else { return [] }
        let levelSize = TileLevels(size: size).size(ofLevel: level)
        let bounds = PixelRect(x: 0, y: 0, width: levelSize.width, height: levelSize.height)
        let padded = rects.map { PixelRect(x: $0.x - border, y: $0.y - border, width: $0.width + 2 * border, height: $0.height + 2 * border).intersection(bounds) }
        let union = padded.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        let decoded = try region(union, level: level)
        return zip(rects, padded).map { rect, available in
            Self.frame(decoded, origin: (union.x, union.y), tile: rect, available: available, border: border, side: side)
        }
    }

    /// The `side` × `side` square of `tile` framed by `border` pixels, read from `image` (whose
    /// top-left pixel is level pixel `origin`), clamped to `available`.
    static func frame(_ image: RGBAImage, origin: (x: Int, y: Int), tile: PixelRect, available: PixelRect, border: Int,
                      side: Int) -> RGBAImage {
        let pixels = [UInt8](unsafeUninitializedCapacity: side * side * 4) { out, count in
            image.pixels.withUnsafeBytes { source in
                let from = source.bindMemory(to: UInt32.self)
                let to = UnsafeMutableRawBufferPointer(out).bindMemory(to: UInt32.self)
                // The source column of each output column, clamped once.
                var columns = [Int](repeating: 0, count: side)
                for x in 0..<side {
                    columns[x] = min(max(tile.x - border + x, available.x), available.maxX - 1) - origin.x
                }
                for y in 0..<side {
                    let row = (min(max(tile.y - border + y, available.y), available.maxY - 1) - origin.y) * image.width
                    for x in 0..<side { to[y * side + x] = from[row + columns[x]] }
                }
            }
            count = side * side * 4
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }
}
