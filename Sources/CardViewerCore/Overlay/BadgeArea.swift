import CardLayout
import CardMath

/// Where the cards' number badges are drawn, in viewport points: what the options panel keeps
/// clear of. The badge's geometry is `card.vert`'s (its badge branch): a pill at the card's
/// top-right corner inside a margin, its glyphs 4 % of the card's shorter side within 12…32
/// points, three quarters as wide as high (the label font's cell), a quarter of that padding;
/// slid onto the screen when the card is wider than the screen there (pages' tilted cards).
public enum BadgeArea {
    /// The inset from the screen's edge a slid badge keeps, points (`screenInsetPoints`).
    static let screenInset = 6.0

    /// The bounding box, viewport points, of `card`'s badge as the camera shows it; nil when
    /// the card is not drawn (hidden, transparent, not finite) or its badge is not in front of the eye.
    ///
    /// - Complexity: O(1).
    public static func screenRect(of card: CardAttributes, offset: Vec2, camera: Camera) -> Rect? {
        guard !card.isHidden, card.alpha > 0, card.isFinite else { return nil }
        let w = card.size.width, h = card.size.height, unit = min(w, h)
        let glyphH = min(max(0.04 * unit, 12), 32)
        let digits = Double(String(UInt64(card.id.rawValue) + 1).count)
        let pad = 0.25 * glyphH, margin = max(0.01 * unit, 2)
        let pill = Vec2(digits * 0.75 * glyphH + 2 * pad, glyphH + 2 * pad)
        let right = w / 2 - margin, top = -h / 2 + margin
        let m = card.localToWorld(offset: offset)
        var points: [Vec2] = []
        for (x, y) in [(right - pill.x, top), (right, top), (right, top + pill.y), (right - pill.x, top + pill.y)] {
            guard let projected = camera.project(m.transformPoint(Vec3(x, y, 0))) else { return nil }
            points.append(projected.point)
        }
        var minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        // A card wider than the screen at the badge's height slides the badge onto it.
        if let card = Culling.screenBounds(of: card, offset: offset, camera: camera), card.origin.x < 0,
           card.origin.x + card.size.width > camera.viewport.width, maxX > camera.viewport.width - screenInset {
            let shift = maxX - (camera.viewport.width - screenInset)
            minX -= shift
            maxX -= shift
        }
        return Rect(origin: Vec2(minX, minY), size: Size(width: maxX - minX, height: maxY - minY))
    }

    /// The badges of `cards` that overlap the viewport.
    public static func screenRects(of cards: [CardAttributes], offset: Vec2, camera: Camera) -> [Rect] {
        let view = Rect(origin: .zero, size: camera.viewport)
        return cards.compactMap { screenRect(of: $0, offset: offset, camera: camera) }.filter { $0.intersects(view) }
    }
}
