import CardLayout
import CardMath
import CardPacking
import CardRendering
import Testing
import CardRenderingTestSupport

/// `--camera-distance`: the renderer projects through the camera it is given, and a tilted
/// card's corners land where §1's pinhole formula puts them for each eye distance.
@Suite("The camera's eye distance in the renderer", .serialized)
struct CameraDistanceTests {
    /// A 200 × 160-point card at the viewport's centre, turned 40° about its vertical axis.
    static let card: CardAttributes = {
        var card = Scenes.card(3, x: 200, y: 150, width: 200, height: 160)
        card.transform = .rotationY(40 * .pi / 180)
        return card
    }()

    /// §1's pinhole, written out: a world point `p` seen from `(W/2, H/2, d)` lands at
    /// `c + (p − c)·d/(d − z)`, c the viewport's centre (points).
    static func pinhole(_ p: Vec3, d: Double) -> Vec2 {
        let cx = Scenes.viewport.width / 2, cy = Scenes.viewport.height / 2, f = d / (d - p.z)
        return Vec2(cx + (p.x - cx) * f, cy + (p.y - cy) * f)
    }

    /// The card's corner at local `(x, y)` (points from its centre) in world points.
    static func corner(_ x: Double, _ y: Double) -> Vec3 {
        card.center + card.transform.transformPoint(Vec3(x, y, 0))
    }

    @Test("a tilted card's edges match the pinhole formula within a pixel", arguments: [500.0, 1500.0])
    func tiltedCard(d: Double) throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        let camera = Camera(viewport: Scenes.viewport, eyeDistance: d)
        try renderer.render(RenderFrame(cards: [Self.card], camera: camera, shading: .identity))
        let image = try gpu.readPixels()
        let id = CardID(3)
        // Expected: the left and right edges (x) at the centre row, and the top corner of each edge.
        let leftTop = Self.pinhole(Self.corner(-100, -80), d: d), rightTop = Self.pinhole(Self.corner(100, -80), d: d)
        let leftMiddle = Self.pinhole(Self.corner(-100, 0), d: d), rightMiddle = Self.pinhole(Self.corner(100, 0), d: d)
        // Measured: the first and last covered pixel centres along row 150.
        let row = 150
        let covered = (0..<image.width).filter { image.identity(x: $0, y: row) == id }
        let first = try #require(covered.first), last = try #require(covered.last)
        #expect(abs(Double(first) + 0.5 - leftMiddle.x) <= 1, "left edge at d = \(d)")
        #expect(abs(Double(last) + 0.5 - rightMiddle.x) <= 1, "right edge at d = \(d)")
        // The top of the columns one pixel inside each edge: the corners' y (the top edge's
        // slope moves it by well under a pixel over one column).
        for (column, expected) in [(first + 1, leftTop.y), (last - 1, rightTop.y)] {
            let top = try #require((0..<image.height).first { image.identity(x: column, y: $0) == id })
            #expect(abs(Double(top) + 0.5 - expected) <= 1.5, "top at column \(column), d = \(d): \(top) against \(expected)")
        }
        // The camera's own projection agrees with the formula (what hit testing and culling use).
        let projected = try #require(camera.project(Self.corner(100, -80)))
        #expect(abs(projected.point.x - rightTop.x) < 1e-9 && abs(projected.point.y - rightTop.y) < 1e-9)
    }

    @Test("500 shows the near edge taller than 1500 does, as m34 = −1/500 against −1/1500")
    func nearerEyeExaggerates() throws {
        var heights: [Double: Int] = [:]
        for d in [500.0, 1500.0] {
            let gpu = try Scenes.context()
            let renderer = try CardRenderer(context: gpu)
            try renderer.render(RenderFrame(cards: [Self.card], camera: Camera(viewport: Scenes.viewport, eyeDistance: d), shading: .identity))
            let image = try gpu.readPixels()
            // The tallest column of the card: its near edge.
            heights[d] = (0..<image.width).map { x in (0..<image.height).filter { image.identity(x: x, y: $0) == CardID(3) }.count }.max() ?? 0
        }
        let near = Self.corner(100, -80).z > 0 ? Self.corner(100, -80) : Self.corner(-100, -80)
        for (d, measured) in heights {
            let expected = 2 * (150 - Self.pinhole(near, d: d).y)
            #expect(abs(Double(measured) - expected) <= 2, "d = \(d): \(measured) rows against \(expected)")
        }
        #expect(heights[500]! > heights[1500]! + 10)
    }

    @Test("the clip planes follow the eye distance: 10 and 20 000 at 1500, scaled and moved elsewhere")
    func clipPlanes() {
        let standard = Camera(viewport: Scenes.viewport)
        #expect(standard.near == 10 && standard.far == 20_000)
        let close = Camera(viewport: Scenes.viewport, eyeDistance: 500)
        #expect(abs(close.near - 500.0 / 150) < 1e-12 && close.far == 19_000)
        let far = Camera(viewport: Scenes.viewport, eyeDistance: Camera.eyeDistanceRange.upperBound)
        #expect(far.far - far.eyeDistance == 18_500)
        // z = 0 maps 1:1 at any distance.
        let p = try! #require(far.project(Vec3(13, 250, 0)))
        #expect(abs(p.point.x - 13) < 1e-9 && abs(p.point.y - 250) < 1e-9)
    }
}
