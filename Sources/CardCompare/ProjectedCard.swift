import CardLayout
import CardMath
import CardPacking
import CardRendering

/// One card as the exact reference sees it: the plane of its quad solved once for every ray
/// from the eye, so each pixel costs a few multiplications per card.
///
/// The same algebra as `Ray.intersectQuad` (Cramer's rule on `e + t·d = c + u·a + v·b`, with
/// `a`, `b` the card's local x and y axes in world points and `c` its center), with the parts
/// that do not depend on the ray direction `d` hoisted: for `n = a × b` and `r = e − c`,
/// `u = d·(r × b) / (n·d)`, `v = d·(a × r) / (n·d)` and `t = −(n·r) / (n·d)`. The tests check it
/// against `Ray.intersectQuad` and `HitTesting` on random rays. Plain Doubles rather than SIMD
/// vectors keep it fast in debug builds too.
struct ProjectedCard: Sendable {
    /// The card's identity and paint order (zIndex, then index, as the `zindex` ordering sorts).
    let id: CardID
    let zIndex: Int
    let index: Int
    /// The card's `depthBias`: coplanar hits are ordered by it (`CoplanarOrder`).
    let bias: Double
    /// Opacity, 0 < alpha ≤ 1.
    let alpha: Double
    /// Identity colour, 0…255 per channel.
    let red: Double, green: Double, blue: Double
    /// Half the card's size, local points.
    let halfWidth: Double, halfHeight: Double
    private let nx: Double, ny: Double, nz: Double
    private let px: Double, py: Double, pz: Double
    private let qx: Double, qy: Double, qz: Double
    private let nr: Double
    private let degeneracy: Double

    /// The card laid out at scroll `offset`, or `nil` when nothing of it is drawn: hidden,
    /// fully transparent, not finite, or degenerate (zero size) — the renderer's own filter.
    init?(_ card: CardAttributes, offset: Vec2, camera: Camera) {
        guard !card.isHidden, card.alpha > 0, card.isFinite, !card.size.isEmpty else { return nil }
        let m = card.localToWorld(offset: offset)
        let a = Vec3(m.c0.x, m.c0.y, m.c0.z), b = Vec3(m.c1.x, m.c1.y, m.c1.z)
        let r = camera.eye - Vec3(m.c3.x, m.c3.y, m.c3.z)
        let n = a.cross(b), p = r.cross(b), q = a.cross(r)
        let probe: Vec3 = n * 0 + p * 0 + q * 0  // 0 exactly for finite vectors, NaN otherwise
        guard n.length > 0, probe == .zero else { return nil }
        id = card.id
        zIndex = card.zIndex
        index = card.index
        bias = card.depthBias
        alpha = min(card.alpha, 1)
        let color = IdentityColor.rgb(for: card.id)
        (red, green, blue) = (Double(color.r), Double(color.g), Double(color.b))
        halfWidth = card.size.width / 2
        halfHeight = card.size.height / 2
        (nx, ny, nz) = (n.x, n.y, n.z)
        (px, py, pz) = (p.x, p.y, p.z)
        (qx, qy, qz) = (q.x, q.y, q.z)
        nr = n.dot(r)
        degeneracy = 1e-12 * a.length * b.length
    }

    /// Where the ray with direction `(dx, dy, dz)` from the eye meets the card's plane: the ray
    /// parameter `t` (1 at the z = 0 plane for the camera's rays) and the local point `(u, v)`,
    /// or `nil` when the plane is edge-on to the ray or behind the eye. `u`, `v` may lie outside
    /// the card.
    @inline(__always)
    func planeHit(dx: Double, dy: Double, dz: Double) -> PlaneHit? {
        let nd = nx * dx + ny * dy + nz * dz
        let length = (dx * dx + dy * dy + dz * dz).squareRoot()
        guard abs(nd) > degeneracy * length else { return nil }
        let t = -nr / nd
        guard t >= 0 else { return nil }
        return PlaneHit(t: t, u: (px * dx + py * dy + pz * dz) / nd, v: (qx * dx + qy * dy + qz * dz) / nd, nd: nd)
    }

    /// True when the hit lies on the card (edges included, as `Ray.intersectQuad`).
    @inline(__always)
    func contains(_ hit: PlaneHit) -> Bool { abs(hit.u) <= halfWidth && abs(hit.v) <= halfHeight }

    /// True when the card's outline passes within `margin` of the ray's point, in units of the
    /// ray direction's x/y change per pixel (`step` points of `d` per pixel): to first order,
    /// the distance in pixels from the pixel's center to the nearest edge of the card.
    @inline(__always)
    func isNearOutline(_ hit: PlaneHit, step: Double, margin: Double) -> Bool {
        // ∂u/∂d = (p − u·n) / (n·d), ∂v/∂d = (q − v·n) / (n·d); only d's x and y move across pixels.
        let ux: Double = px - hit.u * nx, uy: Double = py - hit.u * ny
        let vx: Double = qx - hit.v * nx, vy: Double = qy - hit.v * ny
        let su: Double = step * (ux * ux + uy * uy).squareRoot() / abs(hit.nd)
        let sv: Double = step * (vx * vx + vy * vy).squareRoot() / abs(hit.nd)
        let reachU = margin * su, reachV = margin * sv
        let nearVerticalEdge = abs(abs(hit.u) - halfWidth) <= reachU && abs(hit.v) <= halfHeight + reachV
        let nearHorizontalEdge = abs(abs(hit.v) - halfHeight) <= reachV && abs(hit.u) <= halfWidth + reachU
        return nearVerticalEdge || nearHorizontalEdge
    }
}

/// A ray's meeting point with a card's plane.
struct PlaneHit {
    /// Ray parameter: the camera's rays reach z = 0 at t = 1, so `t · eyeDistance` is the
    /// depth in front of the eye plane.
    var t: Double
    /// Local point on the card's plane, points from its center (+v down).
    var u: Double, v: Double
    /// `n · d`, kept for derivatives.
    var nd: Double
}
