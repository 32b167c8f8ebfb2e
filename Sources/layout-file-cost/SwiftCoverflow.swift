import CardLayout
import CardMath
import RealModule

/// SPEC §8's coverflow written in Swift as a built-in layout would be (the same slot, visible
/// range and culling as the layout file `examples/layouts/coverflow.json`): the baseline a
/// layout file's per-card cost is compared with.
struct SwiftCoverflow: CardLayout {
    var tilt = 0.9
    var spacing = 0.25
    var w = 256.0
    var h = 160.0

    var name: String { "swift-coverflow" }
    var scrollAxis: ScrollAxis { .horizontal }

    func contentSize(viewport: Size, cardCount n: Int) -> Size {
        Size(width: Double(max(n - 1, 0)) * w + viewport.width, height: viewport.height)
    }

    func attributes(at index: Int, in context: LayoutContext) -> CardAttributes {
        let s = context.offset.x / w
        let o = Double(index) - s
        let c = min(max(o, -1), 1)
        let transform = Mat4.translation(Vec3((c * tilt / 2 + o * spacing) * w, 0, -abs(c) * w / 2))
            * .rotationY(-c * .pi / 2 * tilt)
        let z = transform.c3.z
        return CardAttributes(index: index,
                              center: Vec3(context.offset.x + context.viewport.width / 2, context.offset.y + context.viewport.height / 2, 0),
                              size: Size(width: w, height: h), transform: transform,
                              zIndex: Int((z * 1000 - abs(o)).rounded()))
    }

    func candidateRange(in context: LayoutContext) -> Range<Int> {
        let s = context.offset.x / w
        let half = (context.viewport.width / (w * spacing) / 2).rounded(.up) + 1
        return clampedIndexRange(from: (s - half).rounded(.up), through: (s + half).rounded(.down), count: context.cardCount)
    }
}
