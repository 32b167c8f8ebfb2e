import CardLayout
import CardMath
@testable import CardPacking
import Testing

/// The built-in layouts say they never tie cards in one plane (`CardLayout.mayTieCoplanarCards`
/// false), so their frames skip the tie search: here the search itself (`CoplanarTies`, what
/// the frames of a layout that may tie run) looks at their frames and must find no tie among
/// the records the camera can show — over a 60-card deck, every card's resting offset and
/// three fractions of the way to the next (mid-scroll), both ends overscrolled (the rubber
/// band), two viewports, both orderings, the viewer's scope (`visible`) and the whole deck
/// (`all`, the bench's scope), on the generic path and, where the layout has one, the bulk path.
@Suite("Coplanar ties: the built-in layouts that say they never tie do not")
struct BuiltInTiesTests {
    static let cardCount = 60
    static let viewports = [Size(width: 1280, height: 800), Size(width: 640, height: 400)]

    /// The offsets swept along the layout's scroll axis, content points: each card's resting
    /// offset, 1/4, 1/2 and 3/4 of the way to the next card's, and 0.3 of a step past either end.
    static func offsets(_ layout: any CardLayout, viewport: Size) -> [Vec2] {
        let rest = (0..<cardCount).map { layout.scrollOffset(showing: $0, viewport: viewport, cardCount: cardCount) }
        var out: [Vec2] = []
        for (k, offset) in rest.enumerated() {
            out.append(offset)
            guard k + 1 < rest.count else { continue }
            for f in [0.25, 0.5, 0.75] { out.append(offset + (rest[k + 1] - offset) * f) }
        }
        // The rubber band past either end, 0.3 of the first step (or 100 points).
        let step = rest.count > 1 && rest[1] != rest[0] ? rest[1] - rest[0]
            : (layout.scrollAxis == .vertical ? Vec2(0, 100) : Vec2(100, 0))
        out.append(rest[0] - step * 0.3)
        out.append(rest[rest.count - 1] + step * 0.3)
        return out
    }

    /// Whether the tie search finds a tie among `records` (packed, so their offsets rank their
    /// biases: equal biases have equal offsets) that the camera may show.
    static func ties(_ records: UnsafeMutableBufferPointer<InstanceRecord>, camera: Camera) -> Bool {
        var search = CoplanarTies()
        return search.find(records, volume: ViewVolume(camera: camera)) { PaintOrder(zIndex: 0, index: $0) }
    }

    /// The frames of `layout` where the search finds a tie, as "viewport offset scope ordering
    /// path" (empty when none), and how many frames were searched. `quick` sweeps one viewport
    /// and every other offset.
    static func tiedFrames(_ layout: any CardLayout, quick: Bool = false) -> (tied: [String], frames: Int) {
        let writer = layout as? any InstanceWriting
        let bulk = BulkInstancePacker()
        var generic = InstancePacker()
        var tied: [String] = [], frames = 0
        for viewport in quick ? [viewports[0]] : viewports {
            let swept = offsets(layout, viewport: viewport)
            for (k, offset) in swept.enumerated() where !quick || k % 2 == 0 || k == swept.count - 1 {
                let context = LayoutContext(viewport: viewport, cardCount: cardCount, offset: offset)
                for scope in BulkInstancePacker.Scope.allCases {
                    let cards = scope == .visible ? layout.visibleAttributes(in: context)
                        : (0..<cardCount).map { layout.attributes(at: $0, in: context) }
                    for ordering in RenderOrdering.allCases {
                        let frame = "\(Int(viewport.width))×\(Int(viewport.height)) offset (\(offset.x), \(offset.y)) \(scope) \(ordering)"
                        generic.pack(cards, offset: offset, camera: context.camera, ordering: ordering, layerCount: 1,
                                     searchingTies: false)
                        var records = generic.records
                        frames += 1
                        if records.withUnsafeMutableBufferPointer({ ties($0, camera: context.camera) }) {
                            tied.append(frame + " generic")
                        }
                        guard let writer else { continue }
                        bulk.pack(any: writer, scope: scope, in: context, ordering: ordering, layerCount: 1)
                        frames += 1
                        if bulk.withMutableRecords({ ties($0, camera: context.camera) }) { tied.append(frame + " bulk") }
                    }
                }
            }
        }
        return (tied, frames)
    }

    /// The layout of `kind` with each of its options at the ends of its range (a flag set the
    /// other way), one at a time, named "NAME=VALUE"; choices are left at their defaults.
    static func optionExtremes(_ kind: LayoutKind) throws -> [(name: String, layout: any CardLayout)] {
        let descriptor = kind.descriptor
        var out: [(name: String, layout: any CardLayout)] = []
        for option in descriptor.options where option.choices.isEmpty {
            let values = option.kind == .flag ? [option.defaultValue == 0 ? 1.0 : 0.0]
                : [option.range.lowerBound, option.range.upperBound].filter { $0 != option.defaultValue }
            for value in values {
                var set = descriptor.defaultValues
                try set.set(option.name, to: value)
                out.append(("\(option.name)=\(value)", descriptor.makeLayout(set)))
            }
        }
        return out
    }

    /// The built-ins whose whole-deck frames (the bench's `--all-cards`) tie at 60 cards: the
    /// wrapping rings put 60 cards on at most 30 slots, so cards a turn apart coincide — cards
    /// outside what the layout shows (`candidateRange`), which the viewer never draws; their
    /// all-cards frames are ranked by bias alone, as before the tie search.
    static let tieOffCandidates: Set<String> = ["rotary", "rotary-inverted", "cylinder", "cylinder-inverted"]

    @Test("at its defaults a built-in says it may tie exactly where a frame it shows ties",
          arguments: LayoutKind.builtIn)
    func sweep(kind: LayoutKind) {
        let layout = kind.makeLayout()
        let (tied, frames) = Self.tiedFrames(layout)
        #expect(frames >= 2 * 2 * 2 * (4 * Self.cardCount - 1), "\(frames) frames searched")
        let visible = tied.filter { $0.contains(" visible ") }
        if layout.mayTieCoplanarCards {
            #expect(visible.count > 0, "\(kind) says it may tie, and no frame it shows does")
        } else {
            #expect(visible.count == 0, "\(kind): \(visible.count) of \(frames / 2) frames tie, first \(visible.prefix(2))")
        }
        #expect((tied.count > visible.count) == Self.tieOffCandidates.contains(kind.name),
                "\(kind): \(tied.count - visible.count) whole-deck frames tie, first \(tied.filter { !visible.contains($0) }.prefix(2))")
    }

    @Test("with an option at either end of its range: says it never ties only where no frame it shows ties",
          arguments: LayoutKind.builtIn)
    func extremes(kind: LayoutKind) throws {
        for (name, layout) in try Self.optionExtremes(kind) where !layout.mayTieCoplanarCards {
            let (tied, frames) = Self.tiedFrames(layout, quick: true)
            let visible = tied.filter { $0.contains(" visible ") }
            #expect(visible.count == 0, "\(kind) \(name): \(visible.count) of \(frames / 2) frames tie, first \(visible.prefix(2))")
        }
    }

    @Test("cover flow 2 mid-flip (its toggle, the controller's state) does not tie either")
    func coverFlowToggle() {
        for toggle in [-1, -0.5, 0.5, 1.0] {
            var layout = CarouselLayout(type: .coverflow2)
            layout.toggle = toggle
            #expect(!layout.mayTieCoplanarCards)
            let (tied, frames) = Self.tiedFrames(layout, quick: true)
            let visible = tied.filter { $0.contains(" visible ") }
            #expect(visible.count == 0, "toggle \(toggle): \(visible.count) of \(frames / 2) frames tie, first \(visible.prefix(2))")
        }
    }

    @Test("which built-ins search: rotary at its defaults, pages flat at the top, carousels with options of their own")
    func declarations() throws {
        #expect(LayoutKind.builtIn.filter { $0.makeLayout().mayTieCoplanarCards }.map(\.name) == ["rotary"])
        var flat = PagesLayout()
        flat.restingAngle = 0
        #expect(flat.mayTieCoplanarCards)
        var options = CarouselOptions(type: .linear)
        options.spacing = 0.4
        #expect(CarouselLayout(type: .linear, options: options).mayTieCoplanarCards)
        #expect(CoplanarTiesTests.OverlappingRow().mayTieCoplanarCards, "the protocol's default: search")
    }

    @Test("the search does find ties where they are: the test fails for a layout that ties")
    func detects() {
        // OverlappingRow: cards 100 points apart, 160 wide, in one plane with bias 0.
        let layout = CoplanarTiesTests.OverlappingRow()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 7)
        var packer = InstancePacker()
        packer.pack((0..<7).map { layout.attributes(at: $0, in: context) }, offset: .zero, camera: context.camera,
                    ordering: .depth, layerCount: 1, searchingTies: false)
        var records = packer.records
        #expect(records.allSatisfy { $0.depthOffset == 0 }, "without the search: the biases' offsets alone")
        #expect(records.withUnsafeMutableBufferPointer { Self.ties($0, camera: context.camera) })
    }
}
