import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering

/// Scenes and helpers shared by the GL tests.
enum Scenes {
    /// A small viewport so CPU references stay cheap; points = pixels (scale 1).
    static let viewport = Size(width: 400, height: 300)

    /// An offscreen context of the viewport's size, single-sampled so identity colours are exact.
    static func context(_ size: Size = viewport, samples: Int = 1) throws -> EGLOffscreenContext {
        try EGLOffscreenContext(size: PixelSize(width: Int(size.width), height: Int(size.height)), samples: samples)
    }

    /// `count` small flat cards in a grid filling the viewport, ids 0…count−1.
    static func grid(count: Int, in size: Size = viewport) -> [CardAttributes] {
        guard count > 0 else { return [] }
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let rows = (count + columns - 1) / columns
        let cell = Size(width: size.width / Double(columns), height: size.height / Double(rows))
        return (0..<count).map { i in
            let column = Double(i % columns), row = Double(i / columns)
            return CardAttributes(index: i,
                                  center: Vec3((column + 0.5) * cell.width, (row + 0.5) * cell.height, 0),
                                  size: Size(width: cell.width * 0.8, height: cell.height * 0.8),
                                  zIndex: i)
        }
    }

    /// A flat card centered at (x, y, z) with the given size and alpha.
    static func card(_ id: UInt32, x: Double, y: Double, z: Double = 0, width: Double = 100, height: Double = 80,
                     alpha: Double = 1, zIndex: Int = 0) -> CardAttributes {
        CardAttributes(index: Int(id), id: CardID(id), center: Vec3(x, y, z), size: Size(width: width, height: height),
                       alpha: alpha, zIndex: zIndex)
    }

    /// A solid-colour image.
    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> RGBAImage {
        RGBAImage(width: 8, height: 8, fill: (r, g, b, a))
    }
}

extension RGBAImage {
    /// The card an identity-shaded frame shows at pixel (x, y), or `nil` for the background.
    func identity(x: Int, y: Int) -> CardID? {
        let p = self[x, y]
        return IdentityColor.id(red: p.r, green: p.g, blue: p.b)
    }
}
