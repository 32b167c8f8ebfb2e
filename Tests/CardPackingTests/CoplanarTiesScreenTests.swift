import CardLayout
import CardMath
@testable import CardPacking
import CardTestSupport
import Testing

/// The tie search looks only at what the camera may show (`ViewVolume`): its cost and its
/// answer for the cards on screen do not depend on how many cards lie off screen, and its
/// budget of comparisons counts only cards on screen.
@Suite("Coplanar ties: only the cards on screen are searched")
struct CoplanarTiesScreenTests {
    static let camera = Camera(viewport: Size(width: 1280, height: 800))
    static let step = Float(CoplanarOrder.depthPerStep)

    static func record(x: Double, y: Double = 400, z: Double = 0, width: Double = 160, height: Double = 120,
                       transform: Mat4 = .identity) -> InstanceRecord? {
        let card = CardAttributes(index: 0, id: CardID(0), center: Vec3(x, y, z), size: Size(width: width, height: height),
                                  transform: transform, alpha: 1, zIndex: 0, depthBias: 0)
        return InstanceRecord(card, offset: .zero, eye: camera.eye, layerCount: 1)
    }

    static func mayShow(x: Double, y: Double = 400, z: Double = 0, width: Double = 160, height: Double = 120,
                        transform: Mat4 = .identity) -> Bool {
        ViewVolume(camera: camera).mayShow(record(x: x, y: y, z: z, width: width, height: height, transform: transform)!)
    }

    @Test("cards in the plane z = 0 (drawn 1:1): off only past the viewport's edges plus the 1-point margin")
    func edges() {
        // 160 wide: the left edge at x − 80. The viewport is 0…1280 × 0…800.
        #expect(Self.mayShow(x: 1279 + 80))         // left edge at 1279: a column of pixels on screen
        #expect(Self.mayShow(x: 1280.5 + 80))       // within the margin: kept
        #expect(!Self.mayShow(x: 1282 + 80))        // past it: off
        #expect(!Self.mayShow(x: -2 - 80))          // right edge at −2
        #expect(Self.mayShow(x: -0.5 - 80))
        #expect(!Self.mayShow(x: 640, y: 802 + 60)) // top edge below the bottom
        #expect(!Self.mayShow(x: 640, y: -2 - 60))
        #expect(Self.mayShow(x: 640, y: 799 + 60))
    }

    @Test("depth: behind the eye, nearer than near or past far is off; a card through the eye plane is kept")
    func depth() {
        // Eye at z = 1500, near 10 (z = 1490), far 20 000 (z = −18 500).
        #expect(!Self.mayShow(x: 640, z: 2000))
        #expect(!Self.mayShow(x: 640, z: 1495))
        #expect(Self.mayShow(x: 640, z: 1480))
        #expect(!Self.mayShow(x: 640, z: -18_600))
        #expect(Self.mayShow(x: 640, z: -18_000))
        // Tilted 80° about x through z = 1500: half behind the eye, half in front.
        #expect(Self.mayShow(x: 640, z: 1500, height: 400, transform: .rotationX(radians(80))))
        // Off to the side at a depth where the pyramid is wider: shown as projected.
        // At z = −1500 (twice the eye distance) the viewport spans x −640…1920.
        #expect(Self.mayShow(x: 1900 + 80, z: -1500))
        #expect(!Self.mayShow(x: 1925 + 80, z: -1500))
    }

    @Test("never off for a card a point of which projects inside the viewport (random cards, fixed seed)")
    func neverHidesAShownCard() {
        var random = SplitMix64(seed: 34)
        let volume = ViewVolume(camera: Self.camera)
        var shown = 0, culled = 0
        for _ in 0..<4000 {
            let x = random.next(in: -2000...3300), y = random.next(in: -1500...2300), z = random.next(in: -6000...1800)
            let w = random.next(in: 1...600), h = random.next(in: 1...600)
            let transform = Mat4.rotationX(radians(random.next(in: -90...90))) * .rotationY(radians(random.next(in: -90...90)))
                * .rotationZ(radians(random.next(in: -180...180)))
            guard let record = Self.record(x: x, y: y, z: z, width: w, height: h, transform: transform) else { continue }
            // Points of the card on a 9 × 9 lattice (corners included), world points.
            var visiblePoint = false
            for i in 0...8 {
                for j in 0...8 {
                    let local = SIMD4<Float>(Float(i) / 8 - 0.5, Float(j) / 8 - 0.5, 0, 1)
                    let world = Vec3(Double((record.row0 * local).sum()), Double((record.row1 * local).sum()),
                                     Double((record.row2 * local).sum()))
                    guard let projected = Self.camera.project(world), projected.depth > Self.camera.near,
                          projected.depth < Self.camera.far else { continue }
                    let point = projected.point
                    if point.x > 0, point.x < 1280, point.y > 0, point.y < 800 { visiblePoint = true }
                }
            }
            let may = volume.mayShow(record)
            if visiblePoint { #expect(may, "x \(x) y \(y) z \(z) \(w)×\(h)") }
            if visiblePoint { shown += 1 }
            if !may { culled += 1 }
        }
        // The sample holds both kinds in numbers (so the test checks something both ways).
        #expect(shown > 100 && culled > 100, "shown \(shown), culled \(culled)")
    }

    /// `count` cards at x = 400 + `spacing` · i in the plane z = 0, bias 0: a pile of exact ties
    /// in index order, on screen; then `offScreen` more piled at x = −5000 (ties among themselves).
    static func pile(_ count: Int, spacing: Double = 1, offScreen: Int) -> [CardAttributes] {
        (0..<(count + offScreen)).map { i in
            let x = i < count ? 400 + spacing * Double(i) : -5000 + 0.01 * Double(i)
            return CardAttributes(index: i, id: CardID(UInt32(i)), center: Vec3(x, 400, 0), size: Size(width: 160, height: 120),
                                  transform: .identity, alpha: 1, zIndex: 0, depthBias: 0)
        }
    }

    @Test("cards off screen change nothing on screen: a pile keeps its offsets with 10,000 tied cards off screen")
    func deckSizeDoesNotMatter() {
        func offsets(_ cards: [CardAttributes]) -> [UInt32: Float] {
            var packer = InstancePacker()
            packer.pack(cards, offset: .zero, camera: Self.camera, ordering: .depth, layerCount: 1, searchingTies: true)
            return Dictionary(uniqueKeysWithValues: packer.records.map { ($0.id, $0.depthOffset) })
        }
        let alone = offsets(Self.pile(5, offScreen: 0))
        // Each card covers the ones before it: layers 0…4, centred on 2.
        #expect((0..<5).allSatisfy { alone[UInt32($0)] == Float($0 - 2) * Self.step })
        let crowded = offsets(Self.pile(5, offScreen: 10_000))
        #expect((0..<5).allSatisfy { crowded[UInt32($0)] == alone[UInt32($0)] })
        // The cards off screen keep layer 0: the lowest rank's offset.
        #expect((5..<10_005).allSatisfy { crowded[UInt32($0)] == -2 * Self.step })
    }

    @Test("the budget counts comparisons among the cards on screen: past it, no ties, whatever lies off screen")
    func budget() {
        // 40 cards on screen, each meeting every other's box: 40 · 39 / 2 = 780 comparisons.
        for offScreen in [0, 10_000] {
            var records = Self.pile(40, offScreen: offScreen).map {
                InstanceRecord($0, offset: .zero, eye: Self.camera.eye, layerCount: 1)!
            }
            let volume = ViewVolume(camera: Self.camera)
            for (budget, found) in [(779, false), (780, true)] {
                var ties = CoplanarTies()
                ties.comparisonBudget = budget
                let result = records.withUnsafeMutableBufferPointer { buffer in
                    ties.find(buffer, volume: volume) { PaintOrder(zIndex: 0, index: $0) }
                }
                #expect(result == found, "budget \(budget), \(offScreen) off screen")
                if found {
                    #expect((0..<40).allSatisfy { ties.layers[$0] == $0 })
                    #expect(ties.layers[40...].allSatisfy { $0 == 0 })
                }
            }
        }
        #expect(CoplanarTies().comparisonBudget == CoplanarTies.defaultComparisonBudget)
    }
}

extension SplitMix64 {
    /// A number in `range` from the next 53 bits (the sampled test's inputs).
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
