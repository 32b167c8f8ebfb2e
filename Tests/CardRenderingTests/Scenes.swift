import CardImaging
import CardLayout
import CardMath
import CardRendering

/// Scenes and helpers shared by the GL tests.
enum Scenes {
    /// A small viewport so CPU references stay cheap; points = pixels (scale 1).
    static let viewport = Size(width: 400, height: 300)

    /// An offscreen context of the viewport's size, single-sampled so identity colours are exact.
    static func context(_ size: Size = viewport, samples: Int = 1) throws -> EGLOffscreenContext {
        try EGLOffscreenContext(size: PixelSize(width: Int(size.width), height: Int(size.height)), samples: samples)
    }

    /// Pages cards whose tilts alternate steeply (−65°, +55°, …): neighbours cross each other in
    /// an X, so in a band around each crossing the card with the lower zIndex is in front.
    /// A pitch of 60 points stacks about five viewport-sized cards on top of each other.
    static func crossingPages(count: Int = 8) -> [CardAttributes] {
        var layout = PagesLayout()
        layout.pitch = 60
        let context = LayoutContext(viewport: viewport, cardCount: count)
        return (0..<count).map { index in
            var card = layout.attributes(at: index, in: context)
            let angle = index % 2 == 0 ? -65.0 : 55.0
            card.transform = .translation(Vec3(0, 0, layout.pushBack)) * .rotationX(radians(angle))
            return card
        }
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

/// What the CPU says is seen through one pixel, by ray-casting the same matrices.
struct RayCaster {
    var cards: [CardAttributes]
    var camera: Camera
    var offset: Vec2 = .zero

    /// The nearest card hit by the ray through viewport point `p` (the depth buffer's answer).
    func nearest(at p: Vec2) -> CardID? {
        var best: (t: Double, id: CardID)?
        for card in cards where !card.isHidden && card.alpha > 0 {
            let matrix = card.localToWorld(offset: offset)
            guard let hit = camera.ray(through: p).intersectQuad(matrix: matrix, halfSize: card.size.vector / 2) else { continue }
            if best == nil || hit.t < best!.t { best = (hit.t, card.id) }
        }
        return best?.id
    }

    /// The hit card with the highest (zIndex, index): Core Animation's painter's answer.
    func topmostByZIndex(at p: Vec2) -> CardID? {
        var best: CardAttributes?
        for card in cards where !card.isHidden && card.alpha > 0 {
            let matrix = card.localToWorld(offset: offset)
            guard camera.ray(through: p).intersectQuad(matrix: matrix, halfSize: card.size.vector / 2) != nil else { continue }
            if best == nil || (card.zIndex, card.index) > (best!.zIndex, best!.index) { best = card }
        }
        return best?.id
    }
}

extension RGBAImage {
    /// The card an identity-shaded frame shows at pixel (x, y), or `nil` for the background.
    func identity(x: Int, y: Int) -> CardID? {
        let p = self[x, y]
        return IdentityColor.id(red: p.r, green: p.g, blue: p.b)
    }
}
