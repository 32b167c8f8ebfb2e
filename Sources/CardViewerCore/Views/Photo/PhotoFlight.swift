import CardInteraction
import CardLayout
import CardMath

/// A picture opened whole (the photo view's state): the card it belongs to, where it lies in
/// the window (`PhotoGeometry`: fit, zoom, pan), and the flight from its card that opens it.
struct ShownPhoto {
    /// The card whose picture is shown.
    var card: CardID
    /// Fit, zoom and pan, viewport and picture points.
    var geometry: PhotoGeometry
    /// The opening flight from the card's place in the layout; `nil` once it has landed.
    var flight: PhotoFlight?
    /// The last pointer position of a drag in progress, viewport points (for its steps).
    var dragPosition: Vec2?
    /// The zoom of the picture stepped from, kept until this picture's size is known: taken
    /// then if the sizes agree (the burst lock, SPEC §13); dropped by a zoom or a pan.
    var keptZoom: PhotoGeometry?
}

/// One card flying between its place in the layout and the photo view (either way), content
/// points, on the session's clock.
struct PhotoFlight {
    var card: CardID
    /// Where it started, decomposed once.
    var from: DecomposedAttributes
    /// Session time it started, seconds.
    var start: Double
    /// Seconds.
    var duration: Double

    /// How far along, 0…1, eased (the seeds' ease-out), at `time`.
    func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        let u = min(max((time - start) / duration, 0), 1)
        return TimingCurve.easeOut.progress(u)
    }

    func isOver(at time: Double) -> Bool { time >= start + duration }
}

extension ShownPhoto {
    /// How far in front of the plane z = 0 the picture sits, points: in front of every card, as
    /// an opened card (`CardOpening.height`).
    static let height = CardOpening.height

    /// The picture's card laid flat in front of the deck so that the shared camera shows it exactly
    /// over `geometry.rect` (viewport points): lifted by `height` and scaled by `(d − height)/d`
    /// about the camera's axis (the viewport's centre), as `CardOpening` does for a card over the
    /// whole window. `card` gives identity; the result is in content points at `offset`.
    static func attributes(of card: CardAttributes, geometry: PhotoGeometry, offset: Vec2, eyeDistance d: Double,
                           cardCount: Int) -> CardAttributes {
        let k = (d - height) / d
        let rect = geometry.rect
        let half = Vec2(geometry.viewport.width / 2, geometry.viewport.height / 2)
        let mid = Vec2(rect.origin.x + rect.size.width / 2, rect.origin.y + rect.size.height / 2)
        var out = card
        CardOpening.layFlat(&out, center: Vec3(offset.x + half.x + (mid.x - half.x) * k, offset.y + half.y + (mid.y - half.y) * k, 0),
                            size: rect.size, height: height, eyeDistance: d, zIndex: cardCount + 2)
        return out
    }
}
