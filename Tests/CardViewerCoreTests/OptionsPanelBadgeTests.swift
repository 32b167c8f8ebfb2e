import CardEvents
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The options panel keeps off the cards' number badges (issue 34: in pages it covered the top
/// card's badge, at the window's top-right corner).
@Suite struct OptionsPanelBadgeTests {
    @Test("pages at 1280 × 800 and 640 × 400: the open panel covers no badge in view", arguments: [
        Size(width: 1280, height: 800), Size(width: 640, height: 400),
    ])
    func clearOfBadges(viewport: Size) throws {
        let session = makeSession(.pages, cards: 12)
        session.handle(.resize(viewport, time: 0))
        try play(script([#"{"time": 0.1, "type": "key", "key": "o"}"#], end: 0.2), into: session)
        session.prepareFrame()  // the cards the renderer would draw (not the bulk path's)
        let badges = BadgeArea.screenRects(of: session.frameCards, offset: session.offset, camera: session.camera)
        #expect(badges.count >= 3, "the badges in view: \(badges)")
        let panels = session.overlayPanels
        let index = try #require(panels.firstIndex { $0.placement == .topRight })
        let frame = OverlayFrame.frames(for: panels, viewport: viewport)[index]
        let box = Rect(origin: frame.origin, size: frame.size)
        #expect(!frame.isHidden)
        // At 640 × 400 no place is clear even in the small font (the top card's badge is 125
        // points down, the panel 119 high): the panel then keeps clear of the other panels only.
        guard viewport.width >= 1280 else { return }
        #expect(frame.pixelSize == 1, "the large font's panel has no clear place")
        for badge in badges { #expect(!box.intersects(badge), "the panel \(box) covers the badge \(badge)") }
    }

    @Test("a badge's box is the shader's pill at the card's top-right corner (a flat card, one point per point)")
    func flatCardBadge() throws {
        let viewport = Size(width: 800, height: 600)
        let camera = Camera(viewport: viewport)
        // A flat card at z = 0: card points are viewport points.
        let card = CardAttributes(index: 8, id: CardID(8), center: Vec3(400, 300, 0), size: Size(width: 400, height: 300))
        let rect = try #require(BadgeArea.screenRect(of: card, offset: .zero, camera: camera))
        // unit 300: glyphs 12 points, padding 3, margin 3; "9" is one digit: 9 + 6 wide, 18 high.
        #expect(closeEnough(rect.origin.x, 600 - 3 - 15, absolute: 1e-6))
        #expect(closeEnough(rect.origin.y, 150 + 3, absolute: 1e-6))
        #expect(closeEnough(rect.size.width, 15, absolute: 1e-6) && closeEnough(rect.size.height, 18, absolute: 1e-6))
        var hidden = card
        hidden.isHidden = true
        #expect(BadgeArea.screenRect(of: hidden, offset: .zero, camera: camera) == nil)
    }
}
