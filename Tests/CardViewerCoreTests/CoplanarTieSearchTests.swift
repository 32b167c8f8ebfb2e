import CardLayout
import CardLayoutFiles
import CardInteraction
import CardMath
import CardPacking
@testable import CardViewerCore
import Testing

/// Which of the viewer's frames are searched for exact coplanar ties (issue 34 item 7,
/// `ViewerSession.frameMayTieCoplanarCards`): a layout file's frames are, a built-in's resting
/// frames are not (`CardLayout.mayTieCoplanarCards`), and every frame in between two states is.
@Suite("The viewer's frames: which search for coplanar ties", .serialized)
struct CoplanarTieSearchTests {
    /// The issue's row as a file: 160-point cards 80 points apart in the plane z = 0, bias 0,
    /// the current card on top (the file's default zIndex, `1000·z − |o|`).
    static let tiedRow = #"{ "name": "tied-row", "itemWidth": 160, "transform": [{ "translate": ["o * 80", 0, 0] }] }"#

    /// The depth offsets of the session's frame as the viewer packs it (generic path), by deck index.
    static func offsets(_ session: ViewerSession) -> [Int: Float] {
        session.prepareFrame()
        let packer = BulkInstancePacker()
        packer.pack(cards: session.frameCards, offset: session.offset, camera: session.camera, ordering: session.ordering,
                    layers: LayerChoice(count: 0), searchingTies: session.frameMayTieCoplanarCards)
        return Dictionary(uniqueKeysWithValues: packer.records.map { (Int($0.id), $0.depthOffset) })
    }

    @Test("a layout file's frames are searched: the current card one step in front of the tied cards beside it")
    func layoutFile() throws {
        let file = try LayoutFile(bytes: Array(Self.tiedRow.utf8), file: "tied-row.json", warn: { _ in })
        #expect(file.descriptor.makeLayout().mayTieCoplanarCards)
        try LayoutRegistry.shared.replace(file.descriptor)
        let kind = try #require(LayoutKind(rawValue: "tied-row"))
        // Card 5 current: cards 4 and 6 overlap it by half, 3 and 7 touch 5's neighbours' far halves.
        let session = ViewerSession(deck: Deck(syntheticCount: 11),
                                    configuration: .init(layout: kind, viewport: testViewport, offset: Vec2(5 * 160, 0)))
        session.advance(to: 1)
        #expect(session.frameMayTieCoplanarCards)
        let offsets = Self.offsets(session)
        let step = Float(CoplanarOrder.depthPerStep)
        #expect(offsets.count >= 5, "\(offsets)")
        #expect(offsets[5]! - offsets[4]! >= step && offsets[5]! - offsets[6]! >= step, "\(offsets)")
        #expect(offsets[4]! - offsets[3]! >= step && offsets[6]! - offsets[7]! >= step, "\(offsets)")
    }

    @Test("a built-in's resting frames are not searched; its frames during a layout switch are")
    func builtIn() {
        let session = ViewerSession(deck: Deck(syntheticCount: 30), configuration: .init(layout: .grid, viewport: testViewport))
        session.advance(to: 1)
        #expect(!session.frameMayTieCoplanarCards)
        #expect(Self.offsets(session).values.allSatisfy { $0 == 0 })
        session.layout.switchLayout(to: .coverflow)
        session.advance(to: 1.25)
        #expect(session.scene.animator.isAnimating && session.frameMayTieCoplanarCards)
        session.advance(to: 3)
        #expect(!session.scene.animator.isAnimating && !session.frameMayTieCoplanarCards)
        // Rotary ties at rest (`BuiltInTiesTests`): searched.
        session.layout.switchLayout(to: .rotary)
        session.advance(to: 5)
        #expect(session.frameMayTieCoplanarCards)
    }

    @Test("every built-in's session at rest searches exactly where its layout says: rotary alone")
    func restingSessions() {
        for kind in LayoutKind.builtIn {
            let session = ViewerSession(deck: Deck(syntheticCount: 30), configuration: .init(layout: kind, viewport: testViewport))
            session.advance(to: 2)
            #expect(!session.scene.animator.isAnimating, "\(kind)")
            #expect(session.frameMayTieCoplanarCards == (kind.name == "rotary"), "\(kind)")
        }
    }
}
