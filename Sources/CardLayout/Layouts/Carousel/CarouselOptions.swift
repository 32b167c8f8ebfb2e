/// The options of a carousel (SPEC §8, iCarousel 1.8's `iCarouselOption…` names and defaults).
///
/// Lengths are in points, angles in radians, offsets (`fadeMin`, `fadeMax`, `fadeRange`) in
/// slots. The options whose iCarousel default is a formula — `radius`, `count`, `itemWidth`,
/// `visibleItems` and the wheel's `angle` — are 0 for "automatic" (listed as `auto`): the layout
/// computes them from the viewport, the deck and the other options (`CarouselGeometry`).
public struct CarouselOptions: Sendable, Hashable {
    /// Slot pitch as a multiple of the slot length `w` (coverflow 0.25, others 1).
    public var spacing: Double
    /// The angle the `count` slots of a circular type spread over, radians (2π: a full circle).
    public var arc: Double = 2 * .pi
    /// The circle's radius, points; 0: the type's formula.
    public var radius: Double = 0
    /// Coverflow's turn and shift, the time machine's climb, as fractions.
    public var tilt: Double
    /// Slots on the circle; 0: `min(n, 30, max(12, ⌈extent/(spacing·w)⌉·π))`.
    public var count: Double = 0
    /// How many cards are laid out; 0: the type's number (`updateNumberOfVisibleItems`).
    public var visibleItems: Double = 0
    /// The deck has no ends: the last card is followed by the first.
    public var wrap: Bool
    /// Cards move along y instead of x.
    public var vertical = false
    /// False: a card turned away from the viewer (`m33 ≤ 0`) is hidden.
    public var showBackfaces: Bool
    /// Cards with offset below `fadeMin` or above `fadeMax` (slots) fade out over `fadeRange` slots
    /// down to `fadeMinAlpha`.
    public var fadeMin: Double
    public var fadeMax: Double
    public var fadeRange: Double = 1
    public var fadeMinAlpha: Double = 0
    /// A drag of Δ points moves the offset by Δ·offsetMultiplier/w slots (coverflow 2, others 1).
    public var offsetMultiplier: Double
    /// The slot length along the scroll axis, points; 0: the card's length along the axis.
    public var itemWidth: Double = 0
    /// The wheel's angle between neighbours, radians; 0: `arc/count`.
    public var angle: Double = 0

    /// The defaults of `type`.
    public init(type: CarouselType) {
        spacing = type.defaultSpacing
        tilt = type.defaultTilt ?? 0
        wrap = type.wrapsByDefault
        showBackfaces = type.defaultShowsBackfaces
        fadeMin = type.defaultFadeMin
        fadeMax = type.defaultFadeMax
        offsetMultiplier = type.defaultOffsetMultiplier
    }

    /// The options of `type` read from `values` (its declared options; the others keep their
    /// defaults).
    public init(type: CarouselType, values: LayoutOptionValues) {
        self.init(type: type)
        func read(_ name: String) -> Double? {
            values.options.contains { $0.name == name } ? values[name] : nil
        }
        spacing = read("spacing") ?? spacing
        arc = read("arc") ?? arc
        radius = read("radius") ?? radius
        tilt = read("tilt") ?? tilt
        count = read("count") ?? count
        visibleItems = read("visibleItems") ?? visibleItems
        wrap = read("wrap").map { $0 != 0 } ?? wrap
        vertical = read("vertical").map { $0 != 0 } ?? vertical
        showBackfaces = read("showBackfaces").map { $0 != 0 } ?? showBackfaces
        fadeMin = read("fadeMin") ?? fadeMin
        fadeMax = read("fadeMax") ?? fadeMax
        fadeRange = read("fadeRange") ?? fadeRange
        fadeMinAlpha = read("fadeMinAlpha") ?? fadeMinAlpha
        offsetMultiplier = read("offsetMultiplier") ?? offsetMultiplier
        itemWidth = read("itemWidth") ?? itemWidth
        angle = read("angle") ?? angle
    }
}

extension CarouselOptions {
    /// The options `type` declares, in the order `cardviewer layouts` lists them, with their
    /// defaults and ranges.
    public static func declared(for type: CarouselType) -> [LayoutOption] {
        let d = CarouselOptions(type: type)
        var list: [LayoutOption] = [
            LayoutOption("spacing", default: d.spacing, range: 0.01...100, help: "slot pitch, in slot lengths"),
        ]
        if type.isCircular {
            list += [
                LayoutOption("arc", default: d.arc, range: 0.01...(2 * .pi), help: "angle the slots spread over, radians"),
                .automatic("radius", range: 0...100_000, help: "circle radius, points (auto: from count and spacing)"),
                .automatic("count", range: 0...100, kind: .whole, help: "slots on the circle (auto: min(n, 30, max(12, ⌈W/(spacing·w)⌉·π)))"),
            ]
        }
        if type == .wheel || type == .wheelInverted {
            list.append(.automatic("angle", range: -2 * .pi...(2 * .pi), help: "angle between neighbours, radians (auto: arc/count)"))
        }
        if let tilt = type.defaultTilt {
            list.append(LayoutOption("tilt", default: tilt, range: -2...2, help: "turn and shift of side cards, fraction"))
        }
        list += [
            .automatic("visibleItems", range: 0...100, kind: .whole, help: "cards laid out around the current one (auto: the type's number)"),
            .flag("wrap", default: d.wrap, help: "the last card is followed by the first"),
            .flag("vertical", default: false, help: "scroll along y instead of x"),
            .flag("showBackfaces", default: d.showBackfaces, help: "draw cards turned away from the viewer"),
            LayoutOption("fadeMin", default: d.fadeMin, range: -.infinity...(.infinity), help: "cards below this offset fade, slots"),
            LayoutOption("fadeMax", default: d.fadeMax, range: -.infinity...(.infinity), help: "cards above this offset fade, slots"),
            LayoutOption("fadeRange", default: 1, range: 0.001...1000, help: "distance over which they fade, slots"),
            LayoutOption("fadeMinAlpha", default: 0, range: 0...1, help: "alpha at the end of the fade"),
            LayoutOption("offsetMultiplier", default: d.offsetMultiplier, range: 0.01...10, help: "slots a drag of one slot length moves"),
            .automatic("itemWidth", range: 0...10_000, help: "slot length along the scroll axis, points (auto: the card's)"),
        ]
        return list
    }
}
