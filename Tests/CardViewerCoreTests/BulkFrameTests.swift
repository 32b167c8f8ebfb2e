import CardInteraction
import CardLayout
import CardMath
import CardPacking
@testable import CardViewerCore
import Testing

/// The viewer's own frames take the bulk writers when they apply: the layout of the current
/// controller writes the records, which then get the deck's ids — the same cards as the generic
/// frame (attributes, animations, `InstancePacker`), so the fast path is the user's path.
@Suite("The viewer's bulk path")
struct BulkFrameTests {
    /// The session's frame through the bulk path (nil when it does not apply) and through the
    /// generic path.
    static func frames(_ session: ViewerSession, layers: LayerChoice) -> (bulk: [InstanceRecord]?, generic: [InstanceRecord]) {
        let packer = BulkInstancePacker()
        var bulk: [InstanceRecord]?
        if session.writeBulkRecords(into: packer) {
            packer.orderRecords()
            session.assignDeckIDs(to: packer, layers: layers)
            bulk = Array(packer.records)
        }
        session.prepareFrame()
        let generic = BulkInstancePacker()
        generic.pack(cards: session.frameCards, offset: session.offset, camera: session.camera, ordering: session.ordering,
                     layers: layers)
        return (bulk, Array(generic.records))
    }

    /// True when two records agree: ids, layers and alpha exactly, numbers within the bulk tolerance.
    static func agree(_ a: InstanceRecord, _ b: InstanceRecord) -> Bool {
        guard a.id == b.id, a.layer == b.layer, a.alpha == b.alpha else { return false }
        let got = [a.row0, a.row1, a.row2].flatMap { [$0.x, $0.y, $0.z, $0.w] } + [a.depth]
        let expected = [b.row0, b.row1, b.row2].flatMap { [$0.x, $0.y, $0.z, $0.w] } + [b.depth]
        return zip(got, expected).allSatisfy { abs(Double($0) - Double($1)) <= BulkPacking.tolerance * max(1, abs(Double($1))) }
    }

    /// A deck of 300 whose ids are not its indices: card 0 moved to 57, card 3 deleted.
    static var editedDeck: Deck {
        var deck = Deck(syntheticCount: 300)
        deck.move(from: 0, to: 57)
        deck.delete(CardID(3))
        return deck
    }

    @Test("at rest every layout writes its own records, with the deck's ids and layers: the generic frame's cards, and off-screen candidates",
          arguments: LayoutKind.bulkWriting)
    func resting(kind: LayoutKind) throws {
        let horizontal = kind == .slidebox || kind == .wheel
        let session = ViewerSession(deck: Self.editedDeck,
                                    configuration: .init(layout: kind, viewport: testViewport,
                                                         offset: horizontal ? Vec2(6000, 0) : Vec2(0, 6000)))
        let layers = LayerChoice(count: 7, table: (0..<300).map { UInt32(($0 * 5) % 11) })
        let (bulk, generic) = Self.frames(session, layers: layers)
        let records = try #require(bulk, "\(kind) at rest takes the bulk path")
        #expect(!generic.isEmpty)
        for record in generic {
            let twin = try #require(records.first { $0.id == record.id }, "\(kind): card \(record.id)")
            #expect(Self.agree(twin, record), "\(kind): card \(record.id): \(twin) vs \(record)")
        }
        // The bulk path draws the layout's candidates, a superset the GPU clips (pages: the
        // cards above the fold, culled exactly by the generic path).
        #expect(records.count >= generic.count && records.count <= 2 * generic.count + 8, "\(kind): \(records.count) vs \(generic.count)")
        let deckIDs = Set(session.deck.cards.map(\.id.rawValue))
        #expect(records.allSatisfy { deckIDs.contains($0.id) && $0.layer == layers.layer(forID: $0.id) })
        #expect(session.visibleCardCount == generic.count)  // prepareFrame ran last
        // The bulk path's count for the HUD: its candidates that reach into the viewport.
        _ = session.writeBulkRecords(into: BulkInstancePacker())
        #expect(abs(session.visibleCardCount - generic.count) <= 1, "\(kind): \(session.visibleCardCount) vs \(generic.count)")
    }

    @Test("an animation, a highlighted page or a lifted grid card take the generic path")
    func dynamicStates() throws {
        let pages = makeSession(.pages, cards: 40)
        try play(script([#"{"time": 0.1, "type": "click", "x": 640, "y": 500}"#], end: 0.2), into: pages)
        #expect(pages.photoCard != nil)
        #expect(Self.frames(pages, layers: LayerChoice(count: 1)).bulk == nil)  // animating to flat
        try play(script([], end: 1), into: pages)
        #expect(Self.frames(pages, layers: LayerChoice(count: 1)).bulk == nil)  // the photo view at rest
        try play(script([#"{"time": 0.1, "type": "key", "key": "escape"}"#], end: 1), into: pages)
        #expect(Self.frames(pages, layers: LayerChoice(count: 1)).bulk != nil)  // back at rest

        let grid = makeSession(.grid, cards: 40)
        let slot = GridLayout().slotFrame(at: 2, viewport: testViewport).center
        try play(script([#"{"time": 0.1, "type": "down", "x": \#(slot.x), "y": \#(slot.y)}"#], end: 1.5), into: grid)
        #expect(grid.liftedCard != nil)
        #expect(Self.frames(grid, layers: LayerChoice(count: 1)).bulk == nil)
    }
}

@Suite("The viewer's bulk path and the redraw policy")
struct BulkFrameRedrawTests {
    @Test("a frame laid out by the bulk path leaves the screen up to date, as prepareFrame does", arguments: LayoutKind.bulkWriting)
    func bulkFrameClearsNeedsDisplay(kind: LayoutKind) {
        let session = ViewerSession(deck: Deck(syntheticCount: 50), configuration: .init(layout: kind))
        #expect(session.needsDisplay)  // nothing drawn yet
        #expect(session.writeBulkRecords(into: BulkInstancePacker()))
        #expect(!session.needsDisplay)
        #expect(session.visibleCardCount > 0)
    }
}

@Suite("Layouts without a bulk writer")
struct GenericOnlyFrameTests {
    @Test("the seeds write their resting frames in bulk")
    func seeds() {
        #expect(Array(LayoutKind.bulkWriting.prefix(5)) == [.pages, .tasks, .slidebox, .grid, .wheel])
    }

    @Test("a layout without a bulk writer never takes the bulk path; its generic frame lays out its visible cards",
          arguments: LayoutKind.genericOnly)
    func genericPath(kind: LayoutKind) {
        Self.expectGenericFrame(kind)
    }

    /// A session in `kind` refuses the bulk path and lays out its visible cards generically.
    static func expectGenericFrame(_ kind: LayoutKind) {
        let session = ViewerSession(deck: Deck(syntheticCount: 50), configuration: .init(layout: kind))
        #expect(!session.writeBulkRecords(into: BulkInstancePacker()))
        #expect(session.needsDisplay)
        session.prepareFrame()
        #expect(!session.needsDisplay)
        #expect(session.visibleCardCount > 0)
    }
}

extension LayoutKind {
    /// The built-in layouts whose controllers write resting frames in bulk: those with a bulk
    /// writer (`InstanceWriting`, an optional speed-up), the seeds. The carousels (SPEC §8,
    /// `CarouselController`) and any layout without a writer are drawn through the generic path.
    static var bulkWriting: [LayoutKind] {
        builtIn.filter { $0.descriptor.behavior.interaction != .carousel && $0.makeLayout() is any InstanceWriting }
    }

    /// The built-in layouts without a bulk writer: drawn through the generic path only.
    static var genericOnly: [LayoutKind] { builtIn.filter { !bulkWriting.contains($0) } }
}

@Suite("The carousels' frames")
struct CarouselFrameTests {
    @Test("a carousel never takes the bulk path; its generic frame lays out its visible cards", arguments: LayoutKind.builtIn.filter { $0.descriptor.behavior.interaction == .carousel })
    func genericPath(kind: LayoutKind) {
        GenericOnlyFrameTests.expectGenericFrame(kind)
    }
}
