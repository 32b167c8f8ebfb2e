import CardEvents
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// A resize keeps the current card in view when it was (issue 34: leaving fullscreen in the
/// grid left the current card below the window's edge), and keeps the user's place otherwise.
@Suite struct ResizeCurrentCardTests {
    func press(_ key: Key, _ session: ViewerSession) {
        session.handle(.key(KeyEvent(key: key, isDown: true, time: session.time)))
        session.handle(.key(KeyEvent(key: key, isDown: false, time: session.time)))
    }

    func onScreen(_ session: ViewerSession, _ index: Int) -> Bool {
        let controller = session.layout.controller
        return session.scene.isOnScreen(index, with: controller)
    }

    func resize(_ session: ViewerSession, _ width: Double, _ height: Double) {
        session.handle(.resize(Size(width: width, height: height), time: session.time))
        session.advance(to: session.time + 1)
    }

    @Test("fullscreen and back in the grid: the current card, low on the big screen, is on screen in the window")
    func currentCardStaysInView() throws {
        let session = makeSession(.grid, cards: 60)
        resize(session, 1920, 1080)
        for _ in 0..<3 { press(.down, session) }
        session.advance(to: session.time + 1)
        let current = try #require(session.layout.currentCardIndex)
        #expect(onScreen(session, current))
        resize(session, 640, 400)
        #expect(onScreen(session, current), "card \(current) off screen at 640 x 400")
        resize(session, 1920, 1080)
        #expect(onScreen(session, current))
    }

    @Test("a current card already off screen (scrolled away) does not pull the view back on a resize")
    func scrolledAwayStaysAway() throws {
        let session = makeSession(.grid, cards: 60)
        let current = session.layout.currentCardIndex ?? 0
        session.scene.physics.scroll(to: Vec2(0, 2000), animated: false)
        session.advance(to: session.time + 1)
        #expect(!onScreen(session, current))
        resize(session, 900, 600)
        #expect(!onScreen(session, current))
    }
}
