import CardCulling
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// A key pressed before a picture's mark was read changes only what the key changes (SPEC §10,
/// issue 31), and a sidecar the store leaves alone sends that picture's marks to the state with
/// one message, while the folder's other sidecars are written as usual (SPEC §11).
@Suite struct CullingMergeTests {
    /// A session on `store` whose reads are still in flight (not waited for).
    static func unreadSession(_ store: any CullMarkStore, cards: Int = 3) -> ViewerSession {
        let deck = Deck((0..<cards).map { (CardSource.file(name: "p\($0).jpg"), "p\($0)") })
        let session = ViewerSession(deck: deck, configuration: .init(layout: .grid, viewport: testViewport))
        session.attachCulling(store: store) { card in
            guard case .file(let name) = card.source else { return [] }
            return ["/photos/\(name)"]
        }
        session.pickLabel = []  // these tests are about flags and stars; the pick label has its own
        return session
    }

    @Test("P before the 4-star mark is read: picked with the 4 stars, on disk and on screen")
    func pickBeforeTheRead() throws {
        let store = RecordingCullStore(["/photos/p0.jpg": CullMark(stars: 4)], readDelay: 0.1)
        let session = Self.unreadSession(store)
        try play(script([cullKey("p", at: 0.01)], end: 0.02), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg") == CullMark(stars: 4, flag: .picked))
        #expect(session.cullMark(of: CardID(0)) == CullMark(stars: 4, flag: .picked))
    }

    @Test("P, P and Ctrl+2 before the read: each applied in turn to what was read")
    func severalKeysBeforeTheRead() throws {
        let store = RecordingCullStore(["/photos/p0.jpg": CullMark(stars: 4, flag: .rejected)], readDelay: 0.1)
        let session = Self.unreadSession(store)
        try play(script([cullKey("p", at: 0.01), cullKey("p", at: 0.02)], end: 0.03), into: session)
        session.finishCulling()
        // Rejected 4 → picked 4 → none 4.
        #expect(store.stored("/photos/p0.jpg") == CullMark(stars: 4))
        #expect(session.cullMark(of: CardID(0)) == CullMark(stars: 4))
        // Read now: a key is applied to what the session shows.
        try play(script([cullKey("2", at: 0.1, mods: ["ctrl"])], end: 0.2), into: session)
        session.finishCulling()
        #expect(store.stored("/photos/p0.jpg") == CullMark(stars: 2))
    }

    /// A store that leaves `/photos/p0.jpg`'s sidecar alone when written, and reports
    /// `/photos/p1.jpg`'s as left alone when read.
    final class LeavingAloneStore: CullMarkStore, @unchecked Sendable {
        let inner = RecordingCullStore(["/photos/p0.jpg": CullMark(stars: 3)])
        func mark(ofPicture picturePath: String) -> CullMark { inner.mark(ofPicture: picturePath) }
        func reading(ofPicture picturePath: String) -> CullMarkReading {
            let mark = inner.mark(ofPicture: picturePath)
            guard picturePath == "/photos/p1.jpg" else { return CullMarkReading(mark: mark) }
            return CullMarkReading(mark: .unmarked, leftAlone: .init(path: picturePath + ".xmp", reason: "it is 20000000 bytes, over the limit"))
        }
        func store(_ mark: CullMark, forPicture picturePath: String) throws {
            if picturePath == "/photos/p0.jpg" {
                throw CullMarkStoreError.leftAlone(path: picturePath + ".xmp", reason: "it is read-only")
            }
            try inner.store(mark, forPicture: picturePath)
        }
    }

    @Test("a sidecar left alone: one message for it, its marks in the state, the folder's others still written")
    func leftAlone() throws {
        let store = LeavingAloneStore()
        let session = Self.unreadSession(store)
        session.finishCulling()
        let atRead = session.takeNotices()
        #expect(atRead.count == 1 && atRead[0].contains("/photos/p1.jpg.xmp") && atRead[0].contains("over the limit"), "\(atRead)")
        // P on p0 (read-only), twice; P on p1 (too large), P on p2 (written).
        try play(script([cullKey("p", at: 0.1), cullKey("p", at: 0.2), cullKey("p", at: 0.3), cullKey("right", at: 0.4),
                         cullKey("p", at: 0.5), cullKey("right", at: 0.6), cullKey("p", at: 0.7)], end: 0.8), into: session)
        session.finishCulling()
        let notices = session.takeNotices()
        #expect(notices.count == 1 && notices[0].contains("/photos/p0.jpg.xmp") && notices[0].contains("read-only"), "\(notices)")
        #expect(session.savedCulling.marks["p0.jpg"] == CullMark(stars: 3, flag: .picked))
        #expect(session.savedCulling.marks["p1.jpg"] == CullMark(flag: .picked))
        #expect(store.inner.stored("/photos/p1.jpg") == nil)
        #expect(store.inner.stored("/photos/p2.jpg") == CullMark(flag: .picked))
        #expect(session.savedCulling.marks["p2.jpg"] == nil)
    }
}
