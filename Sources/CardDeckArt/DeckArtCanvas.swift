import CardPixels
import Foundation

/// A linear-in-the-file RGB colour with channels in 0…1, used while painting deck art.
typealias ArtColor = SIMD3<Double>

extension SIMD3 where Scalar == Double {
    /// A colour from a `0xRRGGBB` literal.
    init(hex: UInt32) {
        self.init(Double(hex >> 16 & 0xFF) / 255, Double(hex >> 8 & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// Linear interpolation towards `other` by `t` (0 gives self, 1 gives other).
    func mixed(with other: ArtColor, by t: Double) -> ArtColor { self + (other - self) * t }
}

/// `t` clamped to 0…1.
func saturate(_ t: Double) -> Double { min(1, max(0, t)) }

/// Hermite smoothstep from `edge0` to `edge1`.
func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
    let t = saturate((x - edge0) / (edge1 - edge0))
    return t * t * (3 - 2 * t)
}

/// An opaque RGB painting surface for procedural deck art, in pixel coordinates (x right, y down,
/// pixel centres at half-integers). Shapes are antialiased by their coverage of each pixel.
struct ArtCanvas {
    let width: Int
    let height: Int
    private(set) var colors: [ArtColor]

    init(width: Int, height: Int, color: ArtColor = ArtColor(0, 0, 0)) {
        self.width = max(0, width)
        self.height = max(0, height)
        colors = Array(repeating: color, count: self.width * self.height)
    }

    /// Mixes `color` into pixel (x, y) with weight `alpha` (0…1); outside pixels are ignored.
    mutating func blend(x: Int, y: Int, color: ArtColor, alpha: Double) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let i = y * width + x
        colors[i] = colors[i].mixed(with: color, by: min(1, alpha))
    }

    /// Paints every pixel with `shader(x, y)` of its centre, blended by the shader's alpha; with a
    /// rectangle `(x, y, width, height)`, only the pixels whose centres lie inside it.
    mutating func shade(in rect: (x: Double, y: Double, width: Double, height: Double)? = nil,
                        _ shader: (Double, Double) -> (color: ArtColor, alpha: Double)) {
        let box = rect ?? (0, 0, Double(width), Double(height))
        guard let range = pixelRange(box.x, box.y, box.x + box.width, box.y + box.height) else { return }
        for y in range.ys {
            for x in range.xs {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                guard cx >= box.x, cx < box.x + box.width, cy >= box.y, cy < box.y + box.height else { continue }
                let (color, alpha) = shader(cx, cy)
                blend(x: x, y: y, color: color, alpha: alpha)
            }
        }
    }

    /// Paints every pixel opaquely with `shader(x, y)`.
    mutating func fill(_ shader: (Double, Double) -> ArtColor) {
        shade { (shader($0, $1), 1) }
    }

    /// Pixel rows and columns a box from (minX, minY) to (maxX, maxY) touches, clipped to the canvas.
    private func pixelRange(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> (xs: Range<Int>, ys: Range<Int>)? {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let x0 = max(0, Int(max(-1, minX).rounded(.down))), x1 = min(width, Int(min(Double(width), maxX).rounded(.up)))
        let y0 = max(0, Int(max(-1, minY).rounded(.down))), y1 = min(height, Int(min(Double(height), maxY).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// A disc of `radius` pixels at `center`, edge antialiased over one pixel.
    mutating func fillCircle(center: SIMD2<Double>, radius: Double, color: ArtColor, alpha: Double = 1) {
        guard let range = pixelRange(center.x - radius - 1, center.y - radius - 1, center.x + radius + 1, center.y + radius + 1) else { return }
        for y in range.ys {
            for x in range.xs {
                let d = ((SIMD2(Double(x), Double(y)) + 0.5 - center) * (SIMD2(Double(x), Double(y)) + 0.5 - center)).sum().squareRoot()
                blend(x: x, y: y, color: color, alpha: alpha * saturate(radius - d + 0.5))
            }
        }
    }

    /// A rectangle with corners rounded by `radius`, edges antialiased over one pixel.
    mutating func fillRoundedRect(x: Double, y: Double, width w: Double, height h: Double, radius: Double,
                                  color: ArtColor, alpha: Double = 1) {
        guard let range = pixelRange(x - 1, y - 1, x + w + 1, y + h + 1) else { return }
        let r = min(radius, w / 2, h / 2), halfSize = SIMD2(w / 2, h / 2), center = SIMD2(x + w / 2, y + h / 2)
        for py in range.ys {
            for px in range.xs {
                // Signed distance to a rounded box (negative inside).
                let p = SIMD2(Double(px) + 0.5, Double(py) + 0.5) - center
                let q = SIMD2(abs(p.x), abs(p.y)) - halfSize + r
                let outside = SIMD2(max(q.x, 0), max(q.y, 0))
                let distance = (outside * outside).sum().squareRoot() + min(max(q.x, q.y), 0) - r
                blend(x: px, y: py, color: color, alpha: alpha * saturate(0.5 - distance))
            }
        }
    }

    /// A rectangle, edges antialiased by fractional coverage.
    mutating func fillRect(x: Double, y: Double, width w: Double, height h: Double, color: ArtColor, alpha: Double = 1) {
        fillRoundedRect(x: x, y: y, width: w, height: h, radius: 0, color: color, alpha: alpha)
    }

    /// Everything below the curve `y = top(x)` down to the bottom edge, antialiased along the curve.
    mutating func fillBelow(color: ArtColor, alpha: Double = 1, top: (Double) -> Double) {
        fillBelow(alpha: alpha, top: top) { _, _ in color }
    }

    /// Everything below the curve `y = top(x)`, coloured by `shader(x, y)`, antialiased along the curve.
    mutating func fillBelow(alpha: Double = 1, top: (Double) -> Double, shader: (Double, Double) -> ArtColor) {
        for x in 0..<width {
            let edge = top(Double(x) + 0.5)
            guard edge.isFinite else { continue }
            let start = max(0, Int(min(Double(height), edge).rounded(.down)))
            guard start < height else { continue }
            for y in start..<height {
                blend(x: x, y: y, color: shader(Double(x) + 0.5, Double(y) + 0.5), alpha: alpha * saturate(Double(y) + 1 - edge))
            }
        }
    }

    /// A polygon (non-zero winding), antialiased by 4×4 supersampling.
    mutating func fillPolygon(_ points: [SIMD2<Double>], color: ArtColor, alpha: Double = 1) {
        guard points.count >= 3,
              let range = pixelRange(points.map(\.x).min()!, points.map(\.y).min()!, points.map(\.x).max()!, points.map(\.y).max()!)
        else { return }
        for y in range.ys {
            for x in range.xs {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where Self.winding(points, SIMD2(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4)) != 0 {
                        inside += 1
                    }
                }
                blend(x: x, y: y, color: color, alpha: alpha * Double(inside) / 16)
            }
        }
    }

    private static func winding(_ points: [SIMD2<Double>], _ p: SIMD2<Double>) -> Int {
        var winding = 0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y, b.y > p.y, side > 0 { winding += 1 }
            if a.y > p.y, b.y <= p.y, side < 0 { winding -= 1 }
        }
        return winding
    }

    /// The canvas as an opaque 8-bit image, with ±0.5 LSB of ordered dither so gradients do not band.
    func image() -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = colors[y * width + x]
                // A 4×4 Bayer matrix threshold in −0.5…0.5 of one 8-bit step.
                let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
                let dither = (bayer[(y % 4) * 4 + x % 4] + 0.5) / 16 - 0.5
                let i = (y * width + x) * 4
                for k in 0..<3 { pixels[i + k] = UInt8(saturate((c[k] * 255 + dither) / 255) * 255 + 0.5) }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// The colour at `t` along a gradient through `stops` (positions ascending), clamped at both ends.
func gradient(_ stops: [(position: Double, color: ArtColor)], at t: Double) -> ArtColor {
    guard let first = stops.first, let last = stops.last else { return ArtColor(0, 0, 0) }
    if t <= first.position { return first.color }
    for (a, b) in zip(stops, stops.dropFirst()) where t <= b.position {
        return a.color.mixed(with: b.color, by: (t - a.position) / max(1e-9, b.position - a.position))
    }
    return last.color
}
