import CardMath

/// Where a picture opened whole (the photo view, SPEC §10) lies in the window: its size, zoom
/// and pan. Pure geometry, no time.
///
/// Units: *viewport points* for the window (`viewport`, screen positions, drag deltas); *picture
/// points* for the picture (`picture`, `centre`): one picture point is one picture pixel shown
/// at 100 % (one picture pixel per screen pixel), i.e. the picture's pixels divided by the
/// screen's pixels per point. `scale` is viewport points per picture point: 1 is 100 %.
public struct PhotoGeometry: Equatable, Sendable {
    /// The picture's size, picture points (> 0 on both sides).
    public private(set) var picture: Size
    /// The window, viewport points.
    public private(set) var viewport: Size
    /// Viewport points per picture point: `fitScale` shows it whole, 1 is 100 %.
    public private(set) var scale: Double
    /// The picture point (from the picture's top-left corner, +y down) at the viewport's centre.
    public private(set) var center: Vec2

    /// The most the photo view magnifies: 8 screen pixels per picture pixel (SPEC §10: fit … 1:1 … 8×).
    public static let maximumZoom = 8.0
    /// Each `+` / `-` multiplies or divides the scale by this (and stops at fit and 100 % on the way).
    public static let zoomStep = 2.0.squareRoot()

    /// The picture fitted whole in the window, centred.
    public init(picture: Size, viewport: Size) {
        self.picture = Self.sanitized(picture)
        self.viewport = Self.sanitized(viewport)
        scale = 1
        center = .zero
        fit()
    }

    private static func sanitized(_ size: Size) -> Size {
        let w = size.width.isFinite && size.width > 0 ? size.width : 1
        let h = size.height.isFinite && size.height > 0 ? size.height : 1
        return Size(width: w, height: h)
    }

    /// The scale that shows the picture whole, as large as the window allows (never cropped).
    public var fitScale: Double { min(viewport.width / picture.width, viewport.height / picture.height) }
    /// The smallest scale: fit, or 100 % when the picture is smaller than the window.
    public var minimumScale: Double { min(fitScale, 1) }
    /// The largest scale: 8× (or fit, for a picture so small that fit is more); never below
    /// `minimumScale`. `limit`, when set, caps it (a picture too large to hold at more).
    public var maximumScale: Double {
        let top = max(Self.maximumZoom, fitScale)
        guard let limit = zoomLimit else { return top }
        return max(min(top, limit), minimumScale)
    }
    /// The largest scale the picture can be held at (SPEC §10: at most 64 MP of it at once),
    /// `nil` for no cap beyond 8×.
    public var zoomLimit: Double?

    /// Whether this geometry is for a picture of `pixels` at `pixelsPerPoint` screen pixels per
    /// viewport point (its `picture`, in picture points, within half a pixel a side). False
    /// while a size learnt since (a picture opened before its first decode landed) is not
    /// refitted yet (`PhotoView.refreshGeometry`, at the next frame's decorate): the scale is
    /// then the card's, under which the picture's pixels would look zoomed far past the window.
    public func isFor(pixels: PixelSize, pixelsPerPoint: Double) -> Bool {
        abs(picture.width * pixelsPerPoint - Double(pixels.width)) < 0.5
            && abs(picture.height * pixelsPerPoint - Double(pixels.height)) < 0.5
    }

    /// True when the picture is shown larger than fitted (it may be panned; the arrows pan).
    public var isZoomed: Bool { scale > fitScale * (1 + 1e-9) }

    /// The picture's rectangle in the window, viewport points.
    public var rect: Rect {
        let size = Size(width: picture.width * scale, height: picture.height * scale)
        let origin = Vec2(viewport.width / 2 - center.x * scale, viewport.height / 2 - center.y * scale)
        return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The picture point shown at viewport point `p`.
    public func picturePoint(at p: Vec2) -> Vec2 {
        Vec2(center.x + (p.x - viewport.width / 2) / scale, center.y + (p.y - viewport.height / 2) / scale)
    }

    /// Where picture point `q` is shown, viewport points.
    public func viewportPoint(of q: Vec2) -> Vec2 {
        Vec2(viewport.width / 2 + (q.x - center.x) * scale, viewport.height / 2 + (q.y - center.y) * scale)
    }

    /// Fitted and centred.
    public mutating func fit() {
        scale = fitScale
        center = Vec2(picture.width / 2, picture.height / 2)
    }

    /// Zooms to `newScale` (clamped to `minimumScale…maximumScale`) keeping the picture point
    /// under viewport point `anchor` under it, as far as the pan's clamp allows.
    public mutating func zoom(to newScale: Double, about anchor: Vec2) {
        guard newScale.isFinite, anchor.x.isFinite, anchor.y.isFinite else { return }
        let target = min(max(newScale, minimumScale), maximumScale)
        let q = picturePoint(at: anchor)
        scale = target
        center = Vec2(q.x - (anchor.x - viewport.width / 2) / scale, q.y - (anchor.y - viewport.height / 2) / scale)
        clampCenter()
    }

    /// Zooms by `factor` about `anchor`.
    public mutating func zoom(by factor: Double, about anchor: Vec2) {
        zoom(to: scale * factor, about: anchor)
    }

    /// The next scale up from the current one (`+`): ×`zoomStep`, stopping at fit and at 100 %
    /// when it passes them.
    public func steppedScale(in direction: Int) -> Double {
        let stops = [fitScale, 1.0]
        var next = direction > 0 ? scale * Self.zoomStep : scale / Self.zoomStep
        for stop in stops {
            if direction > 0, stop > scale * (1 + 1e-9), stop < next { next = stop }
            if direction < 0, stop < scale * (1 - 1e-9), stop > next { next = stop }
        }
        return min(max(next, minimumScale), maximumScale)
    }

    /// Moves the picture by `delta` viewport points (a drag), clamped.
    public mutating func pan(by delta: Vec2) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        center = Vec2(center.x - delta.x / scale, center.y - delta.y / scale)
        clampCenter()
    }

    /// Keeps the picture from leaving a gap it does not have to: along an axis where it is no
    /// larger than the window it is centred; where it is larger, its edges stay at or beyond
    /// the window's.
    mutating func clampCenter() {
        center = Vec2(Self.clamped(center.x, picture: picture.width, window: viewport.width, scale: scale),
                      Self.clamped(center.y, picture: picture.height, window: viewport.height, scale: scale))
    }

    private static func clamped(_ c: Double, picture: Double, window: Double, scale: Double) -> Double {
        let half = window / (2 * scale)
        if picture * scale <= window { return picture / 2 }
        return min(max(c, half), picture - half)
    }

    /// Takes `other`'s zoom and the picture point at the window's centre when it shows a picture
    /// of this one's size zoomed in (SPEC §13: stepping through a burst keeps the zoom and the
    /// point in view); true when taken. Sizes agree within a thousandth of a picture point.
    @discardableResult
    public mutating func adoptZoom(of other: PhotoGeometry) -> Bool {
        guard other.isZoomed, abs(other.picture.width - picture.width) < 1e-3, abs(other.picture.height - picture.height) < 1e-3
        else { return false }
        scale = min(max(other.scale, minimumScale), maximumScale)
        center = other.center
        clampCenter()
        return true
    }

    /// The same view for another window size or picture size: fitted if it was fitted,
    /// otherwise the same scale and centre, clamped. A picture whose size is learnt while it is
    /// zoomed in (its decode landed after the zoom) keeps the zoom: 100 % stays 100 %, another
    /// zoom keeps its ratio to fit, and the same fraction of the picture stays at the centre.
    public mutating func update(picture newPicture: Size, viewport newViewport: Size) {
        let picture = Self.sanitized(newPicture), viewport = Self.sanitized(newViewport)
        guard picture != self.picture || viewport != self.viewport else { return }
        let wasFitted = !isZoomed
        let pictureChanged = picture != self.picture
        let fraction = Vec2(center.x / self.picture.width, center.y / self.picture.height)
        let actualSize = abs(scale - 1) < 1e-9, overFit = scale / fitScale
        self.picture = picture
        self.viewport = viewport
        if wasFitted {
            fit()
        } else {
            if pictureChanged {
                scale = actualSize ? 1 : overFit * fitScale
                center = Vec2(fraction.x * picture.width, fraction.y * picture.height)
            }
            scale = min(max(scale, minimumScale), maximumScale)
            if scale <= fitScale * (1 + 1e-9) {
                fit()
            } else {
                clampCenter()
            }
        }
    }
}
