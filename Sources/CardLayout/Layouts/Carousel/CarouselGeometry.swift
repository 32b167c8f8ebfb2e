import CardMath
import RealModule

/// A carousel's numbers for one viewport and deck size, resolved once per query: the slot, the
/// automatic options (count, radius, angle) and the visible count, as iCarousel computes them
/// (`circularCarouselItemCount`, the `radius` defaults of `transformForItemViewWithOffset:`,
/// `updateNumberOfVisibleItems`). Lengths in points, angles in radians.
public struct CarouselGeometry: Sendable, Hashable {
    /// The type.
    public let type: CarouselType
    /// The options as set (automatic ones still 0).
    public let options: CarouselOptions
    /// The number of cards.
    public let cardCount: Int
    /// The slot length `w` along the scroll axis, points (> 0).
    public let itemWidth: Double
    /// The viewport's extent along the scroll axis (`W`, or `H` when vertical), points.
    public let extent: Double
    /// Slots on the circle (circular types; `n` for the others), at least 1.
    public let count: Double
    /// The circle's radius before an inverted type negates it, points.
    public let radius: Double
    /// The wheel's angle between neighbours before inversion, radians (`arc/count`).
    public let wheelAngle: Double
    /// How many cards are laid out (`updateNumberOfVisibleItems`): 0…min(n, 100).
    public let visibleCount: Int

    /// iCarousel's cap on the visible count (`MAX_VISIBLE_ITEMS`, iOS).
    public static let maximumVisibleItems = 30

    public init(type: CarouselType, options: CarouselOptions, cardLength: Double, viewport: Size, cardCount n: Int) {
        self.type = type
        self.options = options
        cardCount = max(0, n)
        let length = options.itemWidth > 0 ? options.itemWidth : cardLength
        itemWidth = length.isFinite && length > 0 ? length : 1
        let rawExtent = options.vertical ? viewport.height : viewport.width
        extent = rawExtent.isFinite ? max(rawExtent, 0) : 0
        let w = itemWidth, spacing = options.spacing, arc = options.arc
        if type.isCircular {
            if options.count > 0 {
                count = options.count
            } else {
                // Truncated to a whole number, as iCarousel's NSInteger; never 0 (an empty deck).
                let automatic = min(Double(Self.maximumVisibleItems), max(12, (extent / (spacing * w)).rounded(.up) * .pi))
                count = max(1, min(Double(cardCount), automatic.rounded(.towardZero)))
            }
        } else {
            count = Double(max(cardCount, 1))
        }
        let half = w * spacing / 2
        switch type {
        case .rotary, .rotaryInverted:
            radius = options.radius > 0 ? options.radius : max(half, half / Double.tan(arc / 2 / count))
        case .cylinder, .cylinderInverted:
            radius = options.radius > 0 ? options.radius : max(0.01, half / Double.tan(arc / 2 / count))
        case .wheel, .wheelInverted:
            radius = options.radius > 0 ? options.radius : w * spacing * count / arc
        default:
            radius = 0
        }
        wheelAngle = options.angle != 0 ? options.angle : arc / count
        visibleCount = Self.visibleCount(type: type, options: options, count: count, radius: radius, itemWidth: w,
                                         extent: extent, viewport: viewport, cardCount: cardCount)
    }

    /// `updateNumberOfVisibleItems`: linear and the cover flows `⌈extent/(w·spacing)⌉ + 2` (SPEC §8;
    /// iCarousel 1.7 subtracts one `w` first, a card fewer), rotary and cylinder `count`, their
    /// inverted forms `⌈count/2⌉`, the wheels `count` or `⌈count/2⌉ + 1` when `r − w/2 ≥ min(W, H)/2`,
    /// the time machines 30; capped at 30, then `visibleItems` when set, then at `n`.
    static func visibleCount(type: CarouselType, options: CarouselOptions, count: Double, radius: Double,
                             itemWidth w: Double, extent: Double, viewport: Size, cardCount n: Int) -> Int {
        var visible: Double
        switch type {
        case .linear, .coverflow, .coverflow2:
            visible = (extent / (w * options.spacing)).rounded(.up) + 2
        case .rotary, .cylinder:
            visible = count
        case .rotaryInverted, .cylinderInverted:
            visible = (count / 2).rounded(.up)
        case .wheel, .wheelInverted:
            let shortSide = min(viewport.width.isFinite ? viewport.width : 0, viewport.height.isFinite ? viewport.height : 0)
            visible = radius - w / 2 < shortSide / 2 ? count : (count / 2).rounded(.up) + 1
        case .timeMachine, .timeMachineInverted:
            visible = Double(maximumVisibleItems)
        }
        visible = min(Double(maximumVisibleItems), visible.isFinite ? visible : 0)
        if options.visibleItems > 0 { visible = options.visibleItems }
        return Int(max(0, min(visible, Double(n))))
    }

    /// True when the deck wraps (the `wrap` option; an empty deck never does).
    public var wraps: Bool { options.wrap && cardCount > 0 }

    /// `s`, the scroll position in slots, for a scroll offset along the axis (points):
    /// `offset / w`, taken modulo `n` when wrapping (iCarousel's `clampedOffset`).
    public func slots(atOffset along: Double) -> Double {
        let s = along / itemWidth
        guard wraps, s.isFinite else { return s.isFinite ? s : 0 }
        let n = Double(cardCount)
        let wrapped = s - (s / n).rounded(.down) * n
        return wrapped < n ? wrapped : 0
    }

    /// The current card at scroll position `s` (slots): `round(s)` (half away from zero, as
    /// `roundf`), modulo `n` when wrapping, else clamped to the deck (iCarousel's
    /// `currentItemIndex`).
    public func currentIndex(atSlots s: Double) -> Int {
        guard cardCount > 0 else { return 0 }
        let r = s.rounded()
        let n = Double(cardCount)
        if wraps { return Int(r - (r / n).rounded(.down) * n) % cardCount }
        return Int(min(max(r, 0), n - 1))
    }

    /// The offset of card `index` at scroll position `s`, slots (`offsetForItemAtIndex:`):
    /// `o = i − s`; when wrapping, `o > n/2` becomes `o − n` and `o < −n/2` becomes `o + n`
    /// (iCarousel 1.8.3's `_numberOfItems/2.0`; 1.7 divided whole numbers, which for an odd
    /// `n` sent the last card of a full run round to the other end); one card alone is always at 0.
    public func offset(ofCard index: Int, atSlots s: Double) -> Double {
        var o = Double(index) - s
        if wraps {
            let half = Double(cardCount) / 2
            if o > half { o -= Double(cardCount) } else if o < -half { o += Double(cardCount) }
        }
        return cardCount == 1 ? 0 : o
    }
}
