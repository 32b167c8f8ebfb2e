import Foundation

/// Graphic patterns of the bundled deck: Bauhaus tiles, a soft mesh gradient, isometric cubes.
/// Sizes are in pixels; `s` scales the 640×400 design to the requested height.
extension DeckArt {
    private static let bauhausPalette: [UInt32] = [0xD6402B, 0xF2B632, 0x1F4E9C, 0x1A1A1A, 0xF1E9D8, 0x2E8B6E]

    /// A Bauhaus tile pattern: square tiles, each a flat colour with one motif — a disc, a half or
    /// quarter disc, a triangle or stripes — in another colour of a primary palette.
    static func paintBauhaus(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1))
        var canvas = ArtCanvas(width: size.0, height: size.1, color: ArtColor(hex: 0xF1E9D8))
        var random = ArtRandom(seed: 61)
        let tile = h / 4
        for row in 0..<4 {
            for column in 0..<Int((w / tile).rounded(.up)) {
                let x = Double(column) * tile, y = Double(row) * tile
                let background = bauhausPalette[Int(random.next() % UInt64(bauhausPalette.count))]
                var foreground = bauhausPalette[Int(random.next() % UInt64(bauhausPalette.count))]
                if foreground == background { foreground = background == 0xF1E9D8 ? 0x1A1A1A : 0xF1E9D8 }
                let color = ArtColor(hex: foreground)
                canvas.fillRect(x: x, y: y, width: tile, height: tile, color: ArtColor(hex: background))
                let corner = SIMD2(x + (random.next() % 2 == 0 ? 0 : tile), y + (random.next() % 2 == 0 ? 0 : tile))
                let center = SIMD2(x + tile / 2, y + tile / 2)
                switch random.next() % 5 {
                case 0:
                    canvas.fillCircle(center: center, radius: tile * 0.36, color: color)
                case 1:  // a quarter disc from a corner, clipped to the tile
                    canvas.shade(in: (x, y, tile, tile)) { px, py in
                        let d = ((SIMD2(px, py) - corner) * (SIMD2(px, py) - corner)).sum().squareRoot()
                        return (color, saturate(tile - d + 0.5))
                    }
                case 2:  // a half disc on one edge
                    let vertical = random.next() % 2 == 0
                    let edge = vertical ? SIMD2(corner.x, center.y) : SIMD2(center.x, corner.y)
                    canvas.shade(in: (x, y, tile, tile)) { px, py in
                        let d = ((SIMD2(px, py) - edge) * (SIMD2(px, py) - edge)).sum().squareRoot()
                        return (color, saturate(tile / 2 - d + 0.5))
                    }
                case 3:
                    canvas.fillPolygon([corner, SIMD2(2 * center.x - corner.x, corner.y), SIMD2(corner.x, 2 * center.y - corner.y)], color: color)
                default:  // three stripes
                    for stripe in 0..<3 {
                        canvas.fillRect(x: x + tile * (0.12 + 0.28 * Double(stripe)), y: y + tile * 0.12, width: tile * 0.16, height: tile * 0.76, color: color)
                    }
                }
            }
        }
        // A thin dark grid between the tiles.
        for row in 1..<4 { canvas.fillRect(x: 0, y: Double(row) * tile - 1, width: w, height: 2, color: ArtColor(hex: 0x1A1A1A)) }
        for column in 1..<Int((w / tile).rounded(.up)) {
            canvas.fillRect(x: Double(column) * tile - 1, y: 0, width: 2, height: h, color: ArtColor(hex: 0x1A1A1A))
        }
        return canvas
    }

    /// A blurred mesh-gradient wallpaper: a few coloured light sources blended by distance, with
    /// soft translucent discs over it and a little grain.
    static func paintSoftGradient(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1)), s = h / 400
        var canvas = ArtCanvas(width: size.0, height: size.1)
        let sources: [(position: SIMD2<Double>, color: UInt32)] = [
            (SIMD2(0.1, 0.15), 0xFF6B9A), (SIMD2(0.85, 0.1), 0x6C5CE7), (SIMD2(0.5, 0.55), 0xFFB86B),
            (SIMD2(0.15, 0.95), 0x00B8C9), (SIMD2(0.9, 0.85), 0x283593),
        ]
        let grain = ValueNoise(seed: 71)
        canvas.fill { x, y in
            var sum = ArtColor(0, 0, 0), total = 0.0
            for source in sources {
                let d = SIMD2(x / w, y / h) - source.position
                let weight = 1 / pow((d * d * SIMD2(w / h * w / h, 1)).sum() + 0.02, 2)
                sum += ArtColor(hex: source.color) * weight
                total += weight
            }
            return sum / total + ArtColor(repeating: (grain.value(x / (1.3 * s), y / (1.3 * s)) - 0.5) * 0.04)
        }
        var random = ArtRandom(seed: 72)
        for _ in 0..<9 {
            let center = SIMD2(random.uniform(0...w), random.uniform(0...h))
            canvas.fillCircle(center: center, radius: random.uniform(20...80) * s, color: ArtColor(repeating: 1), alpha: random.uniform(0.06...0.16))
        }
        return canvas
    }

    /// An isometric tiling of cubes: each cube's top, left and right faces in light, middle and dark
    /// shades of one hue, the hue drifting across the picture.
    static func paintIsometricCubes(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1)), s = h / 400
        var canvas = ArtCanvas(width: size.0, height: size.1, color: ArtColor(hex: 0x222831))
        let edge = 38 * s, dx = edge * 3.0.squareRoot(), dy = edge * 1.5
        let hues: [(light: UInt32, middle: UInt32, dark: UInt32)] = [
            (0x9AD1D4, 0x4D9DA6, 0x2B5F6B), (0xF6D186, 0xE8A951, 0xA8682A), (0xF4A6A6, 0xD9606B, 0x8C2F45), (0xC3B1E1, 0x8A6FC4, 0x4E3A80),
        ]
        var random = ArtRandom(seed: 81)
        var row = 0
        var cy = -edge
        while cy < h + 2 * edge {
            var cx = row % 2 == 0 ? 0 : dx / 2
            while cx < w + dx {
                let c = SIMD2(cx, cy)
                let vertex = { (degrees: Double) in c + edge * SIMD2(cos(degrees * .pi / 180), sin(degrees * .pi / 180)) }
                let drift = saturate(cx / w * 0.7 + cy / h * 0.3 + random.uniform(-0.12...0.12))
                let hue = hues[min(hues.count - 1, Int(drift * Double(hues.count)))]
                canvas.fillPolygon([c, vertex(210), vertex(270), vertex(330)], color: ArtColor(hex: hue.light))
                canvas.fillPolygon([c, vertex(330), vertex(30), vertex(90)], color: ArtColor(hex: hue.dark))
                canvas.fillPolygon([c, vertex(90), vertex(150), vertex(210)], color: ArtColor(hex: hue.middle))
                cx += dx
            }
            cy += dy
            row += 1
        }
        return canvas
    }
}
