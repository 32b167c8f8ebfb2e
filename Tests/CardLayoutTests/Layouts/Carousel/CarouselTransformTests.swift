import CardLayout
import CardMath
import Foundation
import Testing

/// Every carousel type against iCarousel's formulas (`ICarouselReference`), at several offsets,
/// with and without options, horizontal and vertical.
@Suite struct CarouselTransformTests {
    static let viewport = Size(width: 1280, height: 800)
    static let card = Size(width: 256, height: 160)

    /// Our column-vector matrix equals Core Animation's row-vector one transposed.
    static func agrees(_ m: Mat4, _ ca: ICarouselReference.M, tolerance: Double = 1e-9) -> Bool {
        (0..<4).allSatisfy { i in (0..<4).allSatisfy { j in
            abs(m.row(i)[j] - ca[j][i]) <= tolerance * max(1, abs(ca[j][i]))
        } }
    }

    /// The option sets tried on every type: none, and each option the type has set off its default.
    static func optionSets(_ type: CarouselType) -> [[String]] {
        var sets: [[String]] = [[], ["spacing=0.7"], ["itemWidth=300"]]
        if type.isCircular { sets += [["arc=3.14159"], ["count=9"], ["radius=600"], ["arc=2", "count=7", "spacing=1.3"]] }
        if type == .wheel || type == .wheelInverted { sets.append(["angle=0.3"]) }
        if type.defaultTilt != nil { sets += [["tilt=0.5"], ["tilt=-0.4", "spacing=0.4"]] }
        return sets
    }

    static func number(_ assignments: [String], _ name: String) -> Double? {
        assignments.first { $0.hasPrefix(name + "=") }.flatMap { Double($0.dropFirst(name.count + 1)) }
    }

    @Test(arguments: CarouselType.allCases)
    func transformsAreICarousels(type: CarouselType) throws {
        let descriptor = try #require(LayoutRegistry.shared.descriptor(named: type.name))
        let n = 40
        for vertical in [false, true] {
            for set in Self.optionSets(type) {
                let values = try descriptor.values(setting: set + ["vertical=\(vertical)"])
                let layout = try #require(descriptor.makeLayout(values) as? CarouselLayout)
                let w = Self.number(set, "itemWidth") ?? (vertical ? Self.card.height : Self.card.width)
                let extent = vertical ? Self.viewport.height : Self.viewport.width
                let spacing = Self.number(set, "spacing") ?? type.defaultSpacing
                let count = Self.number(set, "count")
                    ?? Double(ICarouselReference.circularCount(width: extent, itemWidth: w, spacing: spacing, items: n))
                let reference = ICarouselReference.Options(
                    type: type.name, vertical: vertical, itemWidth: w, spacing: Self.number(set, "spacing"),
                    arc: Self.number(set, "arc") ?? 2 * .pi, radius: Self.number(set, "radius"),
                    count: type.isCircular ? count : Double(n), angle: Self.number(set, "angle"), tilt: Self.number(set, "tilt"))
                for s in [0.0, 3, 7.4, 12.5, 20.9, 39] {
                    let offset = vertical ? Vec2(0, s * w) : Vec2(s * w, 0)
                    let context = LayoutContext(viewport: Self.viewport, cardCount: n, offset: offset)
                    for index in [0, 2, 7, 11, 12, 13, 21, 33, 39] {
                        let card = layout.attributes(at: index, in: context)
                        let o = ICarouselReference.offset(index: index, scroll: s, count: n, wraps: type.wrapsByDefault)
                        let expected = ICarouselReference.transform(offset: o, reference)
                        #expect(Self.agrees(card.transform, expected), "\(type) \(set) vertical \(vertical) s \(s) card \(index)")
                        // Before its transform every card is centred on the viewport.
                        #expect(card.center == Vec3(offset.x + 640, offset.y + 400, 0))
                        #expect(card.anchor == Vec2(0.5, 0.5))
                    }
                }
            }
        }
    }

    @Test("cover flow 2's toggle replaces the clamped offset as iCarousel does", arguments: [-1.0, -0.6, -0.2, 0, 0.35, 0.8, 1])
    func coverFlow2Toggle(toggle: Double) {
        var layout = CarouselLayout(type: .coverflow2)
        layout.toggle = toggle
        let reference = ICarouselReference.Options(type: "coverflow2", itemWidth: 256, count: 20, toggle: toggle)
        for s in [4.0, 4.3, 4.5, 4.7, 5.2] {
            let context = LayoutContext(viewport: Self.viewport, cardCount: 20, offset: Vec2(s * 256, 0))
            for index in 1..<9 {
                let expected = ICarouselReference.transform(offset: Double(index) - s, reference)
                #expect(Self.agrees(layout.attributes(at: index, in: context).transform, expected), "toggle \(toggle) s \(s) card \(index)")
            }
        }
        // At rest (toggle 0) cover flow 2 differs from cover flow only for the cards within half a
        // card of the centre and the one after: there its turn is the toggle's.
        let flat = CarouselLayout(type: .coverflow).attributes(at: 5, in: LayoutContext(viewport: Self.viewport, cardCount: 20, offset: Vec2(5 * 256, 0)))
        #expect(Self.agrees(flat.transform, ICarouselReference.transform(offset: 0, reference)) == (toggle == 0))
    }

    @Test("wrapping offsets: o beyond n/2 comes round, a scroll beyond n·w is the same place")
    func wrapping() {
        for n in [7, 10] {
            let layout = CarouselLayout(type: .rotary)
            let w = 256.0
            for s in [0.0, 0.4, 3.5, 6.6, Double(n) - 0.3] {
                let context = LayoutContext(viewport: Self.viewport, cardCount: n, offset: Vec2(s * w, 0))
                let later = LayoutContext(viewport: Self.viewport, cardCount: n, offset: Vec2((s + Double(3 * n)) * w, 0))
                let earlier = LayoutContext(viewport: Self.viewport, cardCount: n, offset: Vec2((s - Double(n)) * w, 0))
                let g = layout.geometry(viewport: Self.viewport, cardCount: n)
                for i in 0..<n {
                    let o = ICarouselReference.offset(index: i, scroll: s, count: n, wraps: true)
                    #expect(abs(g.offset(ofCard: i, atSlots: g.slots(atOffset: s * w)) - o) < 1e-9, "n \(n) s \(s) card \(i)")
                    let card = layout.attributes(at: i, in: context)
                    #expect(Self.agrees(layout.attributes(at: i, in: later).transform, ICarouselReference.transpose(card.transform), tolerance: 1e-7))
                    #expect(Self.agrees(layout.attributes(at: i, in: earlier).transform, ICarouselReference.transpose(card.transform), tolerance: 1e-7))
                }
            }
        }
        // Linear does not wrap: card 0 is far to the left at s = 9 of 10.
        let linear = CarouselLayout(type: .linear)
        let card = linear.attributes(at: 0, in: LayoutContext(viewport: Self.viewport, cardCount: 10, offset: Vec2(9 * 256, 0)))
        #expect(abs(card.transform.c3.x - -9 * 256) < 1e-9)
        // One card alone never moves (offsetForItemAtIndex's special case).
        let alone = linear.attributes(at: 0, in: LayoutContext(viewport: Self.viewport, cardCount: 1, offset: Vec2(-100, 0)))
        #expect(alone.transform == .identity)
    }

    @Test("fades: the time machines' defaults, and every fade option")
    func fades() throws {
        let n = 30
        for (type, fadeMin, fadeMax) in [(CarouselType.timeMachine, -Double.infinity, 0.0), (.timeMachineInverted, 0, .infinity),
                                         (.linear, -.infinity, .infinity)] {
            let layout = CarouselLayout(type: type)
            for s in [10.0, 10.3, 12.8] {
                let context = LayoutContext(viewport: Self.viewport, cardCount: n, offset: Vec2(s * 256, 0))
                for i in 5..<16 {
                    let o = Double(i) - s
                    let expected = ICarouselReference.alpha(offset: o, fadeMin: fadeMin, fadeMax: fadeMax, fadeRange: 1)
                    #expect(abs(layout.attributes(at: i, in: context).alpha - expected) < 1e-12, "\(type) s \(s) card \(i)")
                }
            }
        }
        let descriptor = LayoutDescriptor.coverflow
        let values = try descriptor.values(setting: ["fadeMin=-1.5", "fadeMax=2", "fadeRange=2.5", "fadeMinAlpha=0.2"])
        let layout = try #require(descriptor.makeLayout(values) as? CarouselLayout)
        let context = LayoutContext(viewport: Self.viewport, cardCount: n, offset: Vec2(15 * 64 * 4, 0))
        for i in 8..<24 {
            let o = Double(i) - 15
            let expected = ICarouselReference.alpha(offset: o, fadeMin: -1.5, fadeMax: 2, fadeRange: 2.5, fadeMinAlpha: 0.2)
            #expect(abs(layout.attributes(at: i, in: context).alpha - expected) < 1e-12, "card \(i)")
        }
        #expect(abs(layout.attributes(at: 23, in: context).alpha - 0.2) < 1e-12)
    }

    @Test("cards turned away are hidden when showBackfaces is off: the inverted cylinder's default")
    func backfaces() throws {
        let n = 24
        let context = LayoutContext(viewport: Self.viewport, cardCount: n, offset: Vec2(5 * 256, 0))
        let inverted = CarouselLayout(type: .cylinderInverted)
        var hidden = 0
        for i in 0..<n {
            let card = inverted.attributes(at: i, in: context)
            let m33 = card.transform.row(2)[2]
            #expect(card.isHidden == (m33 <= 0), "card \(i): m33 \(m33)")
            if card.isHidden { hidden += 1 }
        }
        #expect(hidden > 0)
        let shown = try #require(LayoutDescriptor.cylinderInverted.makeLayout(
            LayoutDescriptor.cylinderInverted.values(setting: ["showBackfaces=true"])) as? CarouselLayout)
        #expect((0..<n).allSatisfy { !shown.attributes(at: $0, in: context).isHidden })
        let cylinder = CarouselLayout(type: .cylinder)
        #expect((0..<n).allSatisfy { !cylinder.attributes(at: $0, in: context).isHidden })
        let turned = try #require(LayoutDescriptor.cylinder.makeLayout(
            LayoutDescriptor.cylinder.values(setting: ["showBackfaces=false"])) as? CarouselLayout)
        #expect((0..<n).contains { turned.attributes(at: $0, in: context).isHidden })
    }

    @Test("cards of any aspect fit their slot, aspect kept, never overflowing")
    func slotFitting() {
        let context = LayoutContext(viewport: Self.viewport, cardCount: 10)
        for size in [Size(width: 150, height: 300), Size(width: 300, height: 150), Size(width: 200, height: 200)] {
            for vertical in [false, true] {
                for itemWidth in [0.0, 100, 250, 900] {
                    var options = CarouselOptions(type: .linear)
                    options.vertical = vertical
                    options.itemWidth = itemWidth
                    let layout = CarouselLayout(type: .linear, options: options, cardSize: size)
                    let fitted = layout.attributes(at: 3, in: context).size
                    let length = vertical ? size.height : size.width
                    let w = itemWidth > 0 ? itemWidth : length
                    let scale = min(1, w / length)
                    #expect(abs(fitted.width - size.width * scale) < 1e-9 && abs(fitted.height - size.height * scale) < 1e-9)
                    #expect(abs(fitted.width / fitted.height - size.width / size.height) < 1e-9)
                    #expect((vertical ? fitted.height : fitted.width) <= w + 1e-9)
                }
            }
        }
    }
}
