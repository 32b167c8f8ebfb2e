import CardLayout
import CardMath

/// Scenes built to make cards intersect: what zIndex cannot draw, and what translucency
/// sorted by card cannot either. Sizes are fractions of the viewport; zIndex follows the list.
enum StressScenes {
    /// A card centered at `center` (viewport points), `size` in viewport fractions, turned by
    /// `transform` about its center; zIndex = index.
    static func card(_ index: Int, center: Vec3, size: Size, transform: Mat4 = .identity, alpha: Double = 1) -> CardAttributes {
        CardAttributes(index: index, center: center, size: size, transform: transform, alpha: alpha, zIndex: index)
    }

    /// Pages-sized cards at the pages layout's pitch (a fifth of the viewport), tilted
    /// alternately −65° and +55° about X and pushed back 300 points: each card's lower half
    /// crosses its upper neighbour's in an X, so in a band around each crossing the card with
    /// the lower zIndex is in front.
    static func pagesCrossing(_ viewport: Size) -> [CardAttributes] {
        let pitch = viewport.height / 5
        return (0..<8).map { i in
            let angle = i % 2 == 0 ? -65.0 : 55.0
            return card(i, center: Vec3(viewport.width / 2, 20 + Double(i) * pitch + viewport.height / 2, 0), size: viewport,
                        transform: .translation(Vec3(0, 0, -300)) * .rotationX(radians(angle)))
        }
    }

    /// Three groups: three cards fanned about a vertical axis (−50°, 0°, +50° about Y), three
    /// fanned about a horizontal axis (−55°, 0°, +55° about X), and two crossing diagonally.
    static func intersect(_ viewport: Size, alpha: Double = 1) -> [CardAttributes] {
        let w = viewport.width, h = viewport.height
        let size = Size(width: w / 4.5, height: h / 2.2)
        var cards: [CardAttributes] = []
        for angle in [-50.0, 0, 50] {
            cards.append(card(cards.count, center: Vec3(w / 6, h / 2, 0), size: size, transform: .rotationY(radians(angle)), alpha: alpha))
        }
        for angle in [-55.0, 0, 55] {
            cards.append(card(cards.count, center: Vec3(w / 2, h / 2, 0), size: size, transform: .rotationX(radians(angle)), alpha: alpha))
        }
        for sign in [1.0, -1.0] {
            cards.append(card(cards.count, center: Vec3(5 * w / 6, h / 2, 0), size: size,
                              transform: .rotationY(radians(40 * sign)) * .rotationX(radians(30 * sign)), alpha: alpha))
        }
        return cards
    }

    /// The `intersect` groups at alpha 0.5, over an opaque backdrop card, with the middle
    /// group's flat card and one more card crossing the right group opaque: translucent cards
    /// cut through translucent and through opaque ones.
    static func translucent(_ viewport: Size) -> [CardAttributes] {
        let w = viewport.width, h = viewport.height
        var cards = [card(0, center: Vec3(w / 2, h / 2, -400), size: Size(width: 1.1 * w, height: 1.1 * h))]
        for var c in intersect(viewport, alpha: 0.5) {
            c.index = cards.count
            c.zIndex = cards.count
            cards.append(c)
        }
        cards[5].alpha = 1  // the middle group's flat card: opaque, crossed by two translucent ones
        cards.append(card(cards.count, center: Vec3(5 * w / 6, h / 2, 0), size: Size(width: w / 4.5, height: h / 6),
                          transform: .rotationX(radians(70))))
        return cards
    }

    /// 10,000 alpha 0.5 cards in a 100 × 100 grid over the viewport, each 1.8 cells wide and
    /// tall and tilted ±40° about X or Y in a checkerboard, so every card cuts through its
    /// neighbours: a 10k-card frame for timing translucency (depth complexity about 4).
    static func translucentGrid(_ viewport: Size, side: Int = 100) -> [CardAttributes] {
        let cell = Size(width: viewport.width / Double(side), height: viewport.height / Double(side))
        let size = Size(width: 1.8 * cell.width, height: 1.8 * cell.height)
        return (0..<side * side).map { i in
            let row = i / side, column = i % side
            let sign = (row / 2 + column / 2) % 2 == 0 ? 1.0 : -1.0
            let tilt: Mat4 = (row + column) % 2 == 0 ? .rotationX(radians(40 * sign)) : .rotationY(radians(40 * sign))
            return card(i, center: Vec3((Double(column) + 0.5) * cell.width, (Double(row) + 0.5) * cell.height, 0),
                        size: size, transform: tilt, alpha: 0.5)
        }
    }
}
