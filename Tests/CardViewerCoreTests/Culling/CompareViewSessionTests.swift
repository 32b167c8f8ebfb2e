import CardCulling
import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The compare view in the session (SPEC §13, `C`): panes side by side, each picture fitted in
/// its pane, zoom and pan applied to every pane alike, marks on the active pane's card, the
/// arrows replacing the active pane, Ctrl+click-marked cards, Esc, and decks without pictures.
@Suite struct CompareViewSessionTests {
    func key(_ name: String, at time: Double, mods: [String] = []) -> String { cullKey(name, at: time, mods: mods) }
    func move(_ p: Vec2, at time: Double) -> String { #"{"time": \#(time), "type": "move", "x": \#(p.x), "y": \#(p.y)}"# }
    func wheel(_ notches: Double, at time: Double) -> String { #"{"time": \#(time), "type": "scroll", "dx": 0, "dy": \#(notches)}"# }
    func click(_ p: Vec2, at time: Double, ctrl: Bool = false) -> String {
        #"{"time": \#(time), "type": "click", "x": \#(p.x), "y": \#(p.y)\#(ctrl ? #", "mods": ["ctrl"]"# : "")}"#
    }

    /// A deck of `cards` pictures: even cards 4000 × 3000 picture points, odd ones 2000 × 3000.
    func compareSession(cards: Int = 6, store: RecordingCullStore = RecordingCullStore([:])) -> ViewerSession {
        let session = cullingSession(.grid, cards: cards, store: store)
        session.pictureSize = { id in id.rawValue % 2 == 0 ? Size(width: 4000, height: 3000) : Size(width: 2000, height: 3000) }
        return session
    }

    /// Where card `id` shows on screen this frame: the bounds of its projected corners.
    func screenRect(_ session: ViewerSession, _ id: CardID) throws -> Rect {
        let card = try #require(frameCard(session, id))
        let corners = projectedCorners(card, offset: session.offset)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    func expectClose(_ a: Rect, _ b: Rect, _ tolerance: Double = 0.01, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(closeEnough(a.origin, b.origin, absolute: tolerance), "\(a) vs \(b)", sourceLocation: sourceLocation)
        #expect(closeEnough(a.size.width, b.size.width, absolute: tolerance), "\(a) vs \(b)", sourceLocation: sourceLocation)
        #expect(closeEnough(a.size.height, b.size.height, absolute: tolerance), "\(a) vs \(b)", sourceLocation: sourceLocation)
    }

    @Test("panes: halves, thirds, 2 × 2, gap apart, in reading order")
    func paneRectangles() {
        let v = testViewport, g = ComparePanes.gap
        let two = ComparePanes.rects(count: 2, viewport: v)
        let w2 = (v.width - g) / 2
        #expect(two == [Rect(x: 0, y: 0, width: w2, height: v.height), Rect(x: w2 + g, y: 0, width: w2, height: v.height)])
        let three = ComparePanes.rects(count: 3, viewport: v)
        let w3 = (v.width - 2 * g) / 3
        #expect(three.count == 3)
        for (i, r) in three.enumerated() {
            expectClose(r, Rect(x: Double(i) * (w3 + g), y: 0, width: w3, height: v.height), 1e-9)
        }
        let four = ComparePanes.rects(count: 4, viewport: v)
        let h4 = (v.height - g) / 2
        #expect(four == [Rect(x: 0, y: 0, width: w2, height: h4), Rect(x: w2 + g, y: 0, width: w2, height: h4),
                         Rect(x: 0, y: h4 + g, width: w2, height: h4), Rect(x: w2 + g, y: h4 + g, width: w2, height: h4)])
        #expect(ComparePanes.pane(at: Vec2(w2 + g / 2, 10), in: two) == nil)  // the gap
        #expect(ComparePanes.pane(at: Vec2(w2 + g + 1, 10), in: two) == 1)
    }

    @Test("C opens the current card and the next, each flying to its pane and fitted there")
    func cOpensCurrentAndNext() throws {
        let session = compareSession()
        var sizes: [Double] = []
        try play(script([key("right", at: 0.1), key("c", at: 0.2)], end: 0.6), into: session) { time in
            if time > 0.2, time < 0.4 { sizes.append(frameCard(session, CardID(1))?.size.height ?? 0) }
        }
        #expect(session.compareCards == [CardID(1), CardID(2)])
        #expect(session.compareActiveCard == CardID(1))
        #expect(session.currentCardID == CardID(1))
        #expect(!session.needsFrames)  // landed
        #expect(sizes.count > 3 && sizes.first! < sizes.last!)  // it grew on the way
        session.prepareFrame()
        #expect(session.frameCards.count == 2)
        let panes = session.comparePaneRects
        #expect(panes == ComparePanes.rects(count: 2, viewport: testViewport))
        // Card 1 (2:3) fitted to its pane's height, card 2 (4:3) to its pane's width, each centred.
        let w = panes[0].size.width, h = testViewport.height
        expectClose(try screenRect(session, CardID(1)), Rect(x: (w - h * 2 / 3) / 2, y: 0, width: h * 2 / 3, height: h))
        let h2 = w * 3 / 4
        expectClose(try screenRect(session, CardID(2)), Rect(x: panes[1].minX, y: (h - h2) / 2, width: w, height: h2))
        #expect(session.compareCrop(ofID: 1).map { abs($0.minX) < 1e-6 && abs($0.maxX - 1) < 1e-6 } == true)
        #expect(session.focusedCard == nil)  // the ring is the compare view's
    }

    @Test("three and four cards: each fitted and centred in its third or quarter", arguments: [3, 4])
    func threeAndFourPanes(count: Int) throws {
        let session = compareSession(cards: 6)
        let ids = (0..<count).map { CardID(UInt32($0)) }
        #expect(session.openCompare(ids))
        try play(script([], end: 0.4), into: session)
        session.prepareFrame()
        #expect(session.frameCards.count == count)
        let panes = session.comparePaneRects
        #expect(panes == ComparePanes.rects(count: count, viewport: testViewport))
        for (i, id) in ids.enumerated() {
            let pane = panes[i]
            let picture = id.rawValue % 2 == 0 ? Size(width: 4000, height: 3000) : Size(width: 2000, height: 3000)
            let scale = min(pane.size.width / picture.width, pane.size.height / picture.height)
            let w = picture.width * scale, h = picture.height * scale
            expectClose(try screenRect(session, id), Rect(x: pane.center.x - w / 2, y: pane.center.y - h / 2, width: w, height: h))
        }
        #expect(!session.openCompare([CardID(0)]))  // one card is no comparison
    }

    @Test("C opens from the photo view with its picture and the next; at the deck's end, the previous")
    func cFromThePhotoView() throws {
        let session = compareSession()
        session.makeCurrent(CardID(5))
        try play(script([key("enter", at: 0.2), key("c", at: 0.5)], end: 0.9), into: session)
        #expect(session.photoCard == nil)
        #expect(session.compareCards == [CardID(4), CardID(5)])
    }

    @Test("the wheel, + and Z zoom every pane alike about the same point of each pane; a drag pans all")
    func zoomIsSynchronised() throws {
        let session = compareSession()
        try play(script([key("right", at: 0.1), key("right", at: 0.15), key("c", at: 0.2)], end: 0.6), into: session)
        #expect(session.compareCards == [CardID(2), CardID(3)])
        let pointer = Vec2(300, 250)  // in pane 0
        let before = session.compareGeometries
        let q = before.map { $0.picturePoint(at: pointer) }
        try play(script([move(pointer, at: 0.05), wheel(6, at: 0.1)], end: 0.2), into: session)
        let after = session.compareGeometries
        let expected = before[0].scale * 1.25 * 1.25 * 1.25 * 1.25 * 1.25 * 1.25
        for (i, g) in after.enumerated() {
            #expect(closeEnough(g.scale, expected, relative: 1e-9))
            // The picture point under the pointer's place in each pane stays there (clamped: the
            // picture is larger than its pane on both axes here).
            #expect(closeEnough(g.viewportPoint(of: q[i]), pointer, absolute: 1e-6))
        }
        // A drag in pane 1 pans both panes by its length.
        let rects = session.comparePaneRects
        let start = Vec2(rects[1].minX + 300, 400)
        try play(script([#"{"time": 0.1, "type": "drag", "x": \#(start.x), "y": 400, "toX": \#(start.x - 50), "toY": 380, "duration": 0.2}"#],
                        end: 0.5), into: session)
        let panned = session.compareGeometries
        for i in panned.indices {
            #expect(closeEnough(panned[i].rect.origin, after[i].rect.origin + Vec2(-50, -20), absolute: 1e-6))
        }
        // Z: fit in every pane; again: 100 % in every pane.
        try play(script([key("z", at: 0.05)], end: 0.1), into: session)
        #expect(session.compareGeometries.allSatisfy { !$0.isZoomed })
        try play(script([key("z", at: 0.05)], end: 0.1), into: session)
        #expect(session.compareGeometries.allSatisfy { closeEnough($0.scale, 1) })
        #expect(session.compareZoomLabel?.hasPrefix("compare 2: 100 %") == true)
        // The panes hold the pictures at the screen's size: 100 % of a 4000-point picture is past it.
        #expect(session.compareZoomLabel?.contains("decoded at") == true)
        try play(script([key("-", at: 0.05)], end: 0.1), into: session)
        let stepped = session.compareGeometries
        #expect(closeEnough(stepped[0].scale, stepped[1].scale, relative: 1e-9) && stepped[0].scale < 1)
    }

    @Test("a zoomed pane's record is the visible part of its picture, inside its pane; the crop says where the rest lies")
    func zoomedPanesStayInTheirPanes() throws {
        let session = compareSession()
        // 4000 × 3000 and 2000 × 3000 in 638 × 800 panes: fitted at 0.16 and 0.27; four steps of
        // √2 from 0.16 make 0.64, wider than either pane.
        try play(script([key("c", at: 0.1), key("+", at: 0.5), key("+", at: 0.55), key("+", at: 0.6), key("+", at: 0.65)], end: 0.7),
                 into: session)
        session.prepareFrame()
        let rects = session.comparePaneRects
        for (i, id) in session.compareCards.enumerated() {
            let r = try screenRect(session, id)
            #expect(r.minX >= rects[i].minX - 0.01 && r.maxX <= rects[i].maxX + 0.01, "pane \(i): \(r)")
            #expect(r.minY >= -0.01 && r.maxY <= testViewport.height + 0.01)
            // The whole picture, in the record's units, from the pane's geometry.
            let picture = CompareView.pictureRect(session.compareGeometries[i], in: rects[i])
            let crop = try #require(session.compareCrop(ofID: id.rawValue))
            #expect(closeEnough(r.minX + Double(crop.minX) * r.size.width, picture.minX, absolute: 0.01))
            #expect(closeEnough(r.minX + Double(crop.maxX) * r.size.width, picture.maxX, absolute: 0.01))
            #expect(crop.minX < 0 && crop.maxX > 1)
        }
    }

    @Test("marking keys go to the active pane's card: the one under the pointer, or chosen by Tab")
    func marksGoToTheActivePane() throws {
        let store = RecordingCullStore([:])
        let session = compareSession(store: store)
        try play(script([key("c", at: 0.1)], end: 0.5), into: session)
        #expect(session.compareCards == [CardID(0), CardID(1)])
        let rects = session.comparePaneRects
        try play(script([move(rects[1].center, at: 0.05), key("3", at: 0.1)], end: 0.2), into: session)
        #expect(session.compareActiveCard == CardID(1))
        #expect(session.cullMark(of: CardID(1)).stars == 3)
        #expect(session.cullMark(of: CardID(0)).stars == 0)
        try play(script([key("tab", at: 0.05), key("p", at: 0.1)], end: 0.2), into: session)
        #expect(session.compareActiveCard == CardID(0))
        #expect(session.cullMark(of: CardID(0)).flag == .picked)
        #expect(session.cullMark(of: CardID(1)).flag != .picked)
        // A click in a pane makes it active and does not close the view.
        try play(script([click(rects[1].center, at: 0.05), key("x", at: 0.4)], end: 0.5), into: session)
        #expect(session.compareCards.count == 2)
        #expect(session.cullMark(of: CardID(1)).flag == .rejected)
    }

    @Test("Left/Right while fitted replace the active pane with the previous/next picture not shown")
    func arrowsReplaceTheActivePane() throws {
        let session = compareSession()
        try play(script([key("c", at: 0.1), key("right", at: 0.5)], end: 0.6), into: session)
        #expect(session.compareCards == [CardID(2), CardID(1)])  // 1 is shown already: skipped
        #expect(session.compareActiveCard == CardID(2))
        try play(script([key("right", at: 0.05), key("left", at: 0.1), key("left", at: 0.15)], end: 0.2), into: session)
        #expect(session.compareCards == [CardID(0), CardID(1)])  // 3, back to 2, back past 1 to 0
        try play(script([key("left", at: 0.05)], end: 0.1), into: session)
        #expect(session.compareCards == [CardID(0), CardID(1)])
        #expect(messageLines(session).contains("no previous picture to compare"))
        // Zoomed in, the arrows pan instead.
        try play(script([key("+", at: 0.05), key("right", at: 0.1)], end: 0.2), into: session)
        #expect(session.compareCards == [CardID(0), CardID(1)])
    }

    @Test("Ctrl+click marks cards for compare; C compares them; closing clears the marks")
    func ctrlClickMarkedCards() throws {
        let session = compareSession(cards: 8)
        session.prepareFrame()
        var centers: [Vec2] = []
        for id in [1, 4, 6].map({ CardID(UInt32($0)) }) {
            let card = try #require(frameCard(session, id))
            let corners = projectedCorners(card, offset: session.offset)
            centers.append(corners.reduce(Vec2.zero, +) / 4)
        }
        try play(script([click(centers[1], at: 0.1, ctrl: true), click(centers[0], at: 0.5, ctrl: true),
                         click(centers[2], at: 0.9, ctrl: true), click(centers[2], at: 1.3, ctrl: true)], end: 1.7), into: session)
        #expect(session.compareMarkedCards == [CardID(4), CardID(1)])
        #expect(session.photoCard == nil)  // a Ctrl+click opens nothing
        try play(script([key("c", at: 0.1)], end: 0.5), into: session)
        #expect(session.compareCards == [CardID(1), CardID(4)])  // in the deck's order
        try play(script([key("c", at: 0.1)], end: 0.5), into: session)
        #expect(session.compareCards.isEmpty)
        #expect(session.compareMarkedCards.isEmpty)
    }

    @Test("Esc closes: the pictures fly back to their cards, and the active pane's card is current")
    func escCloses() throws {
        let session = compareSession()
        try play(script([key("c", at: 0.1), key("tab", at: 0.5)], end: 0.6), into: session)
        session.prepareFrame()
        let open = try screenRect(session, CardID(1))
        var midway: Rect?
        let start = session.time
        try play(script([key("escape", at: 0.1)], end: 0.6), into: session) { time in
            if time - start > 0.18, time - start < 0.22, midway == nil { midway = try? screenRect(session, CardID(1)) }
        }
        #expect(session.compareCards.isEmpty)
        #expect(session.currentCardID == CardID(1))
        #expect(!session.needsFrames)
        session.prepareFrame()
        let resting = try screenRect(session, CardID(1))
        let mid = try #require(midway)
        #expect(mid.size.width < open.size.width && mid.size.width > resting.size.width)
        #expect(session.frameCards.count > 2)  // the layout again
    }

    @Test("in a deck without pictures C only says so")
    func generatedDecks() throws {
        let session = makeSession(.grid, cards: 6)
        try play(script([key("c", at: 0.1)], end: 0.5), into: session)
        #expect(session.compareCards.isEmpty)
        #expect(messageLines(session).contains("compare (C) is for decks of pictures"))
    }

    @Test("the filter hiding a pane's card puts the next picture not shown in its place")
    func filterReplacesAHiddenPane() throws {
        let session = compareSession()
        session.culling.setFilter(.rejectsHidden)
        try play(script([key("c", at: 0.1)], end: 0.5), into: session)
        #expect(session.compareCards == [CardID(0), CardID(1)])
        try play(script([key("x", at: 0.05)], end: 0.6), into: session)  // card 0 rejected: hidden
        session.prepareFrame()
        #expect(session.compareCards == [CardID(2), CardID(1)])
        #expect(session.compareActiveCard == CardID(2))
    }

    @Test("? over the compare view shows the compare view's keys; Esc closes the help first")
    func helpShowsTheComparesTable() throws {
        let session = compareSession()
        try play(script([key("c", at: 0.1), key("?", at: 0.5)], end: 0.6), into: session)
        #expect(session.showsHelp)
        let shown = session.overlayPanels.filter { $0.placement == .center }.flatMap(\.lines)
        #expect(shown == ViewerSession.compareHelpLines)
        try play(script([key("escape", at: 0.05)], end: 0.1), into: session)
        #expect(!session.showsHelp && session.compareCards.count == 2)
    }

    @Test("the compare view's keys are in its help table")
    func helpTable() {
        let lines = ViewerSession.compareHelpLines.joined(separator: "\n")
        for key in ["Left, Right", "Tab", "Z", "C, Esc", "wheel", "drag", "Ctrl+click"] {
            #expect(lines.contains(key))
        }
    }
}
