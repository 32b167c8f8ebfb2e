import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// The session's side of drag and drop and of a streamed listing (SPEC §10, §12): dropped paths
/// wait for the glue, dropped cards are appended with the first one current, listed cards are
/// appended without moving the view, and `A` in a photo deck adds nothing.
@Suite struct DropSessionTests {
    func photoSession(cards: Int) -> ViewerSession {
        var configuration = ViewerSession.Configuration(layout: .grid, viewport: Size(width: 640, height: 400))
        configuration.dropsAddPictures = true
        let deck = Deck((0..<cards).map { (CardSource.file(name: "p\($0).png"), "p\($0)") })
        return ViewerSession(deck: deck, configuration: configuration)
    }

    func messages(_ session: ViewerSession) -> [String] {
        session.overlayPanels.flatMap(\.lines)
    }

    @Test("A in a photo deck adds no card and says how pictures are added")
    func appendInAPhotoDeck() {
        let session = photoSession(cards: 3)
        let revision = session.deckRevision
        session.handle(.key(KeyEvent(key: .character("a"), isDown: true, time: 0.1)))
        session.handle(.key(KeyEvent(key: .character("a"), isDown: false, time: 0.1)))
        session.advance(to: 1)
        #expect(session.deck.count == 3 && session.deckRevision == revision)
        #expect(messages(session).contains(ViewerSession.dropToAddMessage), "\(messages(session))")
    }

    @Test("a drop waits for the glue; the cards it adds go at the end, the first current and in view")
    func dropAppends() {
        let session = photoSession(cards: 40)
        session.handle(.drop(paths: ["/a", "/b"], time: 0.1))
        #expect(session.takeDroppedPaths() == [["/a", "/b"]])
        #expect(session.takeDroppedPaths().isEmpty)
        let revision = session.deckRevision
        let ids = session.appendDropped([(.file(name: "/x/new1.png"), "new1"), (.file(name: "/x/new2.png"), "new2")], skipped: 1)
        #expect(session.deck.count == 42 && ids.count == 2 && session.deckRevision > revision)
        #expect(session.currentCardID == ids[0] && session.currentCardIndex == 40)
        #expect(messages(session).contains("2 pictures added; 1 item skipped (not a picture)"), "\(messages(session))")
        // Scrolled towards the new card: at rest, it is among the cards laid out in view.
        session.advance(to: 5)
        session.prepareFrame()
        #expect(session.frameCards.contains { $0.id == ids[0] && !$0.isHidden && $0.alpha > 0 })
    }

    @Test("listed cards are appended without moving the view or the current card; an empty deck gets its first card current")
    func listedCards() {
        let session = photoSession(cards: 5)
        let offset = session.offset, current = session.currentCardID
        session.appendListed((0..<50).map { (CardSource.file(name: "sub/q\($0).png"), "q\($0)") })
        #expect(session.deck.count == 55 && session.offset == offset && session.currentCardID == current)

        let empty = photoSession(cards: 0)
        #expect(empty.currentCardID == nil)
        empty.appendListed([(.file(name: "a.png"), "a")])
        #expect(empty.currentCardIndex == 0)
    }
}
