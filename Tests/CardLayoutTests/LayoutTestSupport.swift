import CardLayout
import CardMath
import Foundation

/// Shared helpers for the layout tests: viewports, brute-force visibility and matrix checks
/// computed independently of the code under test.
enum LayoutTestSupport {
    static let viewport = Size(width: 1280, height: 800)

    /// Every layout with its default parameters, as the viewer makes them.
    static var allLayouts: [any CardLayout] { LayoutKind.builtIn.map { $0.makeLayout() } }

    /// World points of a card-local point under the card's local-to-world matrix.
    static func world(_ card: CardAttributes, _ local: Vec3, offset: Vec2) -> Vec3 {
        card.localToWorld(offset: offset).transformPoint(local)
    }

    /// Where the camera shows world point `p` (SPEC §1: eye at (W/2, H/2, 1500)), or nil
    /// behind the eye. Written out here rather than taken from `Camera`.
    static func project(_ p: Vec3, viewport: Size) -> Vec2? {
        let d = 1500.0
        guard d - p.z > 10 else { return nil }
        let f = d / (d - p.z)
        return Vec2(viewport.width / 2 + (p.x - viewport.width / 2) * f,
                    viewport.height / 2 + (p.y - viewport.height / 2) * f)
    }

    /// Whether some point of the card, sampled on a `steps × steps` grid including its edges,
    /// projects inside the viewport. Cards with alpha 0 or hidden are never visible, nor are
    /// cards scaled to nothing (a point is not a card).
    static func looksVisible(_ card: CardAttributes, offset: Vec2, viewport: Size, steps: Int = 96) -> Bool {
        guard card.alpha > 0, !card.isHidden else { return false }
        let m = card.localToWorld(offset: offset)
        guard m.transformVector(Vec3(1, 0, 0)).length > 0, m.transformVector(Vec3(0, 1, 0)).length > 0 else { return false }
        for a in 0...steps {
            for b in 0...steps {
                let u = (Double(a) / Double(steps) - 0.5) * card.size.width
                let v = (Double(b) / Double(steps) - 0.5) * card.size.height
                if let s = project(m.transformPoint(Vec3(u, v, 0)), viewport: viewport),
                   s.x >= 0, s.x <= viewport.width, s.y >= 0, s.y <= viewport.height {
                    return true
                }
            }
        }
        return false
    }

    /// The indices among `indices` whose cards look visible, by sampling.
    static func bruteForceVisible(_ layout: any CardLayout, _ context: LayoutContext, among indices: Range<Int>) -> [Int] {
        indices.filter { looksVisible(layout.attributes(at: $0, in: context), offset: context.offset, viewport: context.viewport) }
    }

    /// A rotation about Z by `angle` radians written out with Foundation's trigonometry:
    /// from +x toward +y (clockwise on screen, y down).
    static func rotationZ(_ angle: Double) -> Mat4 {
        Mat4(rows: Vec4(cos(angle), -sin(angle), 0, 0), Vec4(sin(angle), cos(angle), 0, 0),
             Vec4(0, 0, 1, 0), Vec4(0, 0, 0, 1))
    }

    /// True when every number in the attributes is finite.
    static func isFinite(_ card: CardAttributes, offset: Vec2) -> Bool {
        card.isFinite && card.localToWorld(offset: offset).isFinite
    }
}
