import CardLayout
import CardMath

/// The card under a pointer and where on it.
public struct CardHit: Hashable, Sendable {
    public var id: CardID
    /// The card's `index` in the attributes it was found in.
    public var index: Int
    /// The hit in the card's local points: relative to its center, +x right, +y down, within
    /// ±width/2 and ±height/2 (the untransformed card, whatever its anchor).
    public var local: Vec2
    /// The hit in world points (viewport space, +z toward the viewer).
    public var world: Vec3
    /// Distance from the eye plane, points (`eyeDistance − world.z`): what the depth buffer compares.
    public var depth: Double
}

/// Exact hit-testing: the pointer's ray through the shared camera against every card's
/// transformed quad, the nearest visible one winning — what the depth buffer shows, so tilted
/// cards that cross are told apart where a frame or zIndex test would pick the wrong one.
public enum HitTesting {
    /// The card seen under viewport point `point`, among `cards` laid out at scroll `offset`:
    /// the front of the same front-to-back order the renderer draws.
    ///
    /// Cards that are hidden, fully transparent (alpha ≤ 0) or not finite are skipped, as are hits
    /// outside the camera's near…far range (not drawn). Hits within `CoplanarOrder.tolerance`
    /// points of depth of the nearest are coplanar: of those the larger `depthBias` wins, then
    /// the nearer; on an exact tie the higher zIndex, then the higher index, then the later card
    /// in `cards`, as they draw on top (the painter's order, which the renderer's depth offsets
    /// follow for exactly tied coplanar cards: `CoplanarOrder`).
    ///
    /// - Complexity: O(k), k the number of cards passed (the visible ones): two passes, no allocation.
    public static func hitTest(_ point: Vec2, in cards: [CardAttributes], offset: Vec2, camera: Camera) -> CardHit? {
        guard point.x.isFinite, point.y.isFinite, offset.x.isFinite, offset.y.isFinite else { return nil }
        let ray = camera.ray(through: point)
        // The nearest depth first, then the front of the hits within the tolerance of it.
        var nearest = Double.infinity
        for card in cards {
            guard let hit = hit(ray, card, offset: offset, camera: camera) else { continue }
            nearest = min(nearest, hit.depth)
        }
        guard nearest.isFinite else { return nil }
        var best: (hit: CardHit, zIndex: Int, bias: Double)?
        for card in cards {
            guard let hit = hit(ray, card, offset: offset, camera: camera),
                  hit.depth <= nearest + CoplanarOrder.tolerance else { continue }
            if let current = best {
                let order = CoplanarOrder.inFront(depth: hit.depth, bias: card.depthBias,
                                                  otherDepth: current.hit.depth, otherBias: current.bias)
                // An exact tie: the painter's order, as the packer orders tied coplanar cards.
                let painted = card.zIndex != current.zIndex ? card.zIndex > current.zIndex : card.index >= current.hit.index
                guard order ?? painted else { continue }
            }
            best = (hit, card.zIndex, card.depthBias)
        }
        return best?.hit
    }

    /// Every card under `point`, nearest first by plain depth (for translucent stacks and
    /// debugging; coplanar cards are not reordered by bias here).
    ///
    /// - Complexity: O(k log k).
    public static func allHits(_ point: Vec2, in cards: [CardAttributes], offset: Vec2, camera: Camera) -> [CardHit] {
        guard point.x.isFinite, point.y.isFinite, offset.x.isFinite, offset.y.isFinite else { return [] }
        let ray = camera.ray(through: point)
        return cards.compactMap { hit(ray, $0, offset: offset, camera: camera) }.sorted { $0.depth < $1.depth }
    }

    /// Where `ray` meets `card`, if it is hittable there.
    static func hit(_ ray: Ray, _ card: CardAttributes, offset: Vec2, camera: Camera) -> CardHit? {
        guard !card.isHidden, card.alpha > 0, card.isFinite else { return nil }
        let m = card.localToWorld(offset: offset)
        let half = Vec2(card.size.width / 2, card.size.height / 2)
        guard let found = ray.intersectQuad(matrix: m, halfSize: half) else { return nil }
        let world = ray.at(found.t)
        let depth = camera.eyeDistance - world.z
        guard depth >= camera.near, depth <= camera.far else { return nil }
        return CardHit(id: card.id, index: card.index, local: found.local, world: world, depth: depth)
    }
}
