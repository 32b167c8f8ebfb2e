import CardMath

/// Where and how one card is drawn: the fields of `UICollectionViewLayoutAttributes`.
///
/// Coordinates are content points (the layout's scrollable space; +y down, +z toward the
/// viewer). The card's untransformed frame is `size` centered at `center`; `transform` is an
/// affine 3D transform applied about the anchor point. World (viewport) points are content
/// points minus the scroll offset — see `localToWorld(offset:)`.
public struct CardAttributes: Hashable, Sendable {
    /// The card's position in the deck (0-based), at the time of layout.
    public var index: Int
    /// The card's stable identity.
    public var id: CardID
    /// Center of the untransformed frame, content points; z lifts the card toward the viewer.
    public var center: Vec3
    /// Untransformed width and height, points.
    public var size: Size
    /// The point the transform acts about, as a fraction of the size: (0.5, 0.5) is the center,
    /// (0.5, 2) lies a card height and a half below the top edge (Core Animation's `anchorPoint`).
    public var anchor: Vec2
    /// An affine transform (no projective term) applied about the anchor point.
    public var transform: Mat4
    /// Opacity, 0…1.
    public var alpha: Double
    /// Paint order for `zindex` ordering: higher draws later (on top).
    public var zIndex: Int
    /// A hidden card is neither drawn nor hit.
    public var isHidden: Bool
    /// Orders cards that lie in one plane (or nearly): points toward the viewer used only to break
    /// depth ties, never drawn. Of two coplanar overlapping cards the one with the larger bias is
    /// in front (iCarousel's `compareViewDepth`, SPEC §8). 0 for layouts without coplanar cards.
    public var depthBias: Double

    public init(index: Int, id: CardID? = nil, center: Vec3, size: Size, anchor: Vec2 = Vec2(0.5, 0.5),
                transform: Mat4 = .identity, alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false,
                depthBias: Double = 0) {
        self.index = index
        self.id = id ?? CardID(UInt32(truncatingIfNeeded: index))
        self.center = center
        self.size = size
        self.anchor = anchor
        self.transform = transform
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
        self.depthBias = depthBias
    }

    /// The anchor point relative to the card's center, in the card's local points.
    @inlinable public var anchorOffset: Vec3 {
        Vec3((anchor.x - 0.5) * size.width, (anchor.y - 0.5) * size.height, 0)
    }

    /// Maps a card-local point (x in −w/2…w/2, y in −h/2…h/2, z = 0, y down, relative to the
    /// card's center) to world points: content points minus `offset` (the scroll offset).
    ///
    /// `T(center + anchor − offset) · transform · T(−anchor)`.
    @inlinable public func localToWorld(offset: Vec2) -> Mat4 {
        let a = anchorOffset
        let position = center + a - Vec3(offset.x, offset.y, 0)
        var m = transform * .translation(-a)
        m.c3 += Vec4(position.x, position.y, position.z, 0)
        return m
    }

    /// The four corners in world points (top-left, top-right, bottom-right, bottom-left).
    public func worldCorners(offset: Vec2) -> [Vec3] {
        let m = localToWorld(offset: offset)
        let hw = size.width / 2, hh = size.height / 2
        return [Vec3(-hw, -hh, 0), Vec3(hw, -hh, 0), Vec3(hw, hh, 0), Vec3(-hw, hh, 0)].map(m.transformPoint)
    }

    /// True when every number is finite.
    public var isFinite: Bool {
        center.x.isFinite && center.y.isFinite && center.z.isFinite && size.isFinite
            && anchor.x.isFinite && anchor.y.isFinite && transform.isFinite && alpha.isFinite
            && depthBias.isFinite
    }
}
