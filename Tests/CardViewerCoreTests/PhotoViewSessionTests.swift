import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The photo view in the session (SPEC §10): opening whole, the flight, zoom about the
/// pointer, pan, next and previous, Delete, back with the right card current, its help.
@Suite struct PhotoViewSessionTests {
    func key(_ name: String, at time: Double) -> String { #"{"time": \#(time), "type": "key", "key": "\#(name)"}"# }
    func move(_ p: Vec2, at time: Double) -> String { #"{"time": \#(time), "type": "move", "x": \#(p.x), "y": \#(p.y)}"# }
    func wheel(_ notches: Double, at time: Double) -> String { #"{"time": \#(time), "type": "scroll", "dx": 0, "dy": \#(notches)}"# }

    /// A session whose cards all have 4000 × 3000 pictures (picture points), 0 for the first.
    func photoSession(_ kind: LayoutKind = .grid, cards: Int = 10) -> ViewerSession {
        let session = makeSession(kind, cards: cards)
        session.pictureSize = { id in id.rawValue % 2 == 0 ? Size(width: 4000, height: 3000) : Size(width: 2000, height: 3000) }
        return session
    }

    /// Where the frame's single card lies on screen: the bounds of its projected corners.
    func screenRect(_ session: ViewerSession) throws -> Rect {
        session.prepareFrame()
        #expect(session.frameCards.count == 1)
        let card = try #require(session.frameCards.first)
        let corners = projectedCorners(card, offset: session.offset)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    @Test func enterOpensTheCurrentCardWholeFittedAfterA02SecondFlight() throws {
        let session = photoSession()
        var sizes: [Double] = []
        try play(script([key("right", at: 0.1), key("enter", at: 0.2)], end: 0.5), into: session) { time in
            if time > 0.2, time < 0.4 { sizes.append(session.frameCards.first { $0.id == CardID(1) }?.size.height ?? 0) }
        }
        #expect(session.photoCard == CardID(1))
        #expect(!session.needsFrames)  // landed within 0.2 s
        #expect(sizes.count > 3 && sizes.first! < sizes.last!)  // it grew on the way
        // Card 1's picture is portrait 2:3: fitted to the window's height, centred, whole.
        let r = try screenRect(session)
        #expect(closeEnough(r.size.height, 800, absolute: 0.01))
        #expect(closeEnough(r.size.width, 800 * 2 / 3, absolute: 0.01))
        #expect(closeEnough(r.origin.x + r.size.width / 2, 640, absolute: 0.01))
        #expect(session.focusedCard == nil)
    }

    @Test func theWheelZoomsAboutThePointerAndADragPansClamped() throws {
        let session = photoSession()
        try play(script([key("enter", at: 0.1)], end: 0.4), into: session)
        let pointer = Vec2(500, 300)
        let before = try #require(session.photoGeometry)
        let q = before.picturePoint(at: pointer)
        try play(script([move(pointer, at: 0.05), wheel(3, at: 0.1)], end: 0.2), into: session)
        let after = try #require(session.photoGeometry)
        #expect(closeEnough(after.scale, before.scale * 1.25 * 1.25 * 1.25, relative: 1e-9))
        #expect(closeEnough(after.viewportPoint(of: q), pointer, absolute: 1e-6))
        // And on screen: the card's projection agrees with the geometry.
        let r = try screenRect(session)
        #expect(closeEnough(r.origin.x, after.rect.origin.x, absolute: 0.05))
        #expect(closeEnough(r.size.width, after.rect.size.width, absolute: 0.05))
        // A drag pans by its length; far past the edge it stops there.
        try play(script([#"{"time": 0.1, "type": "drag", "x": 600, "y": 400, "toX": 500, "toY": 350, "duration": 0.2}"#], end: 0.5),
                 into: session)
        let panned = try #require(session.photoGeometry)
        #expect(closeEnough(panned.rect.origin.x, after.rect.origin.x - 100, absolute: 1e-6))
        #expect(session.photoCard != nil)  // a drag is no click: still open
        try play(script([#"{"time": 0.1, "type": "drag", "x": 100, "y": 400, "toX": 1200, "toY": 400, "duration": 0.2}"#,
                         #"{"time": 0.5, "type": "drag", "x": 100, "y": 400, "toX": 1200, "toY": 400, "duration": 0.2}"#], end: 0.9),
                 into: session)
        #expect(closeEnough(try #require(session.photoGeometry).rect.origin.x, 0, absolute: 1e-6))
    }

    @Test func zoomKeysFitAndOneToOne() throws {
        let session = photoSession()
        try play(script([key("enter", at: 0.1), key("1", at: 0.4)], end: 0.5), into: session)
        #expect(closeEnough(try #require(session.photoGeometry).scale, 1))
        try play(script([key("+", at: 0.1), key("=", at: 0.2)], end: 0.3), into: session)
        #expect(closeEnough(try #require(session.photoGeometry).scale, 2, relative: 1e-9))
        try play(script([key("-", at: 0.1)], end: 0.2), into: session)
        #expect(closeEnough(try #require(session.photoGeometry).scale, 2.0.squareRoot(), relative: 1e-9))
        // Zoomed, Left pans instead of going back a picture.
        try play(script([key("left", at: 0.1)], end: 0.2), into: session)
        #expect(session.photoCard == CardID(0))
        try play(script([key("0", at: 0.1)], end: 0.2), into: session)
        let g = try #require(session.photoGeometry)
        #expect(closeEnough(g.scale, g.fitScale) && !g.isZoomed)
    }

    @Test func nextPreviousFirstLastAndBackWithThePictureLastShownCurrent() throws {
        let session = photoSession(.grid, cards: 10)
        try play(script([key("space", at: 0.1)], end: 0.4), into: session)
        #expect(session.photoCard == CardID(0))
        let steps: [(String, UInt32)] = [("right", 1), ("space", 2), ("pagedown", 3), ("left", 2), ("backspace", 1),
                                         ("pageup", 0), ("left", 0), ("end", 9), ("right", 9), ("home", 0), ("end", 9)]
        for (name, expected) in steps {
            try play(script([key(name, at: 0.05)], end: 0.1), into: session)
            #expect(session.photoCard == CardID(expected), "\(name)")
            #expect(session.currentCardID == CardID(expected))
        }
        #expect(session.photoNeighbors.previous == CardID(8) && session.photoNeighbors.next == nil)
        try play(script([key("pageup", at: 0.05), key("escape", at: 0.1)], end: 0.5), into: session)
        #expect(session.photoCard == nil)
        #expect(session.currentCardID == CardID(8))
        #expect(!session.needsFrames)  // flew back
        #expect(session.layoutKind == .grid)
        // The grid shows card 8 again, in view.
        let frame = GridLayout().slotFrame(at: 8, viewport: testViewport)
        #expect(frame.origin.y >= session.offset.y - 0.5 && frame.origin.y + frame.size.height <= session.offset.y + 800.5)
        // A click that does not pan goes back too; the double-click's second click opens nothing.
        try play(script([key("enter", at: 0.05)], end: 0.4), into: session)
        #expect(session.photoCard == CardID(8))
        try play(script([#"{"time": 0.1, "type": "click", "x": 640, "y": 400}"#, #"{"time": 0.2, "type": "click", "x": 640, "y": 400}"#],
                        end: 0.6), into: session)
        #expect(session.photoCard == nil)
    }

    @Test func deleteRemovesTheCardNotTheFileAndShowsTheNext() throws {
        let session = photoSession(.pages, cards: 5)
        try play(script([key("right", at: 0.05), key("enter", at: 0.1), key("delete", at: 0.4)], end: 0.9), into: session)
        #expect(session.deck.count == 4)
        #expect(session.deck.index(of: CardID(1)) == nil)
        #expect(session.photoCard == CardID(2))
        #expect(session.messageText?.contains("the file stays") == true)
        // U brings it back (the deck's undo).
        try play(script([key("escape", at: 0.05), key("u", at: 0.4)], end: 1.2), into: session)
        #expect(session.deck.count == 5)
        // Deleting the last goes to the one before it.
        let last = try #require(session.deck.id(at: session.deck.count - 1))
        session.makeCurrent(last)
        try play(script([key("enter", at: 0.05), key("delete", at: 0.4)], end: 0.8), into: session)
        #expect(session.deck.index(of: last) == nil)
        #expect(session.photoCard == session.deck.id(at: session.deck.count - 1))
    }

    @Test func uInThePhotoViewBringsTheRemovedPictureBackAndShowsIt() throws {
        let session = photoSession(.grid, cards: 4)
        try play(script([key("right", at: 0.05), key("enter", at: 0.1), key("delete", at: 0.4)], end: 0.5), into: session)
        #expect(session.deck.index(of: CardID(1)) == nil && session.photoCard == CardID(2))
        try play(script([key("u", at: 0.05)], end: 0.5), into: session)
        #expect(session.deck.count == 4 && session.deck.index(of: CardID(1)) == 1)
        #expect(session.photoCard == CardID(1))
        try play(script([key("u", at: 0.05)], end: 0.1), into: session)
        #expect(session.messageText?.contains("nothing to undo") == true)
        #expect(session.photoCard == CardID(1))
    }

    @Test func theHelpShowsTheCurrentViewsKeys() throws {
        let session = photoSession()
        try play(script([key("?", at: 0.1)], end: 0.2), into: session)
        #expect(session.overlayPanels.contains { $0.lines.contains("  arrows     move the current card") })
        try play(script([key("?", at: 0.05), key("enter", at: 0.1), key("?", at: 0.4)], end: 0.5), into: session)
        #expect(session.overlayPanels.contains { $0.lines == ViewerSession.photoViewHelpLines })
        // Esc closes the help first, then the photo view.
        try play(script([key("escape", at: 0.05)], end: 0.1), into: session)
        #expect(!session.showsHelp && session.photoCard != nil)
        try play(script([key("escape", at: 0.05), key("o", at: 0.5), key("?", at: 0.6)], end: 0.7), into: session)
        #expect(session.photoCard == nil)
        #expect(session.overlayPanels.contains { $0.lines == ViewerSession.optionsPanelHelpLines })
    }

    @Test func aPictureOfAnySizeZoomsTo100PercentAndTheViewSaysTheZoom() throws {
        let session = makeSession(.grid, cards: 3)
        session.pictureSize = { _ in Size(width: 20_000, height: 10_000) }  // 200 MP: tiles, no cap on the zoom
        try play(script([key("enter", at: 0.1)], end: 0.5), into: session)
        let fit = try #require(session.photoGeometry).scale
        #expect(session.photoZoomLabel == PhotoView.percent(fit))
        #expect(session.overlayPanels.contains { $0.placement == .topRight && $0.lines == [PhotoView.percent(fit)] })
        try play(script([key("1", at: 0.1)], end: 0.3), into: session)
        #expect(closeEnough(try #require(session.photoGeometry).scale, 1, relative: 1e-12))
        #expect(session.photoZoomLabel == "100 %")
        #expect(session.overlayPanels.contains { $0.placement == .topRight && $0.lines == ["100 %"] })
        try play(script((0..<12).map { key("+", at: 0.1 + 0.01 * Double($0)) }, end: 0.4), into: session)
        #expect(closeEnough(try #require(session.photoGeometry).scale, 8, relative: 1e-12))
        #expect(session.photoZoomLabel == "800 %")
        // A picture the pipeline could only hold at half its size: past 50 % the label says so.
        session.photoDetailLimit = 0.5
        #expect(session.photoZoomLabel == "800 % (decoded at 50 %)")
        try play(script([key("0", at: 0.1)], end: 0.3), into: session)
        #expect(session.photoZoomLabel == PhotoView.percent(fit))
        #expect(PhotoView.percent(0.066) == "6.6 %" && PhotoView.percent(0.5) == "50 %")
    }

    @Test func aDeckWithoutPicturesOpensTheCardTheSameWay() throws {
        let session = makeSession(.tasks, cards: 6)
        try play(script([key("enter", at: 0.1)], end: 0.5), into: session)
        #expect(session.photoCard == CardID(0))
        let r = try screenRect(session)
        // Fitted whole with the card's own aspect.
        let card = TasksLayout().attributes(at: 0, in: LayoutContext(viewport: testViewport, cardCount: 6)).size
        #expect(closeEnough(r.size.width / r.size.height, card.width / card.height, absolute: 1e-3))
        #expect(closeEnough(r.size.height, 800, absolute: 0.01) || closeEnough(r.size.width, 1280, absolute: 0.01))
    }
}
