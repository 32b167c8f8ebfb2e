import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// One overlay layout (issue 34, item 3): the HUD, panels, messages and the help never cover
/// each other, and the HUD keeps off the top-left card's culling marks.
@Suite struct OverlayPlacementTests {
    static let sizes = [Size(width: 640, height: 400), Size(width: 900, height: 560), Size(width: 1280, height: 800),
                        Size(width: 1920, height: 1080)]

    func key(_ name: String, at time: Double) -> String { #"{"time": \#(time), "type": "key", "key": "\#(name)"}"# }

    func session(_ kind: LayoutKind, _ viewport: Size, cards: Int = 40) -> ViewerSession {
        let session = ViewerSession(deck: Deck(syntheticCount: cards), configuration: .init(layout: kind, viewport: viewport))
        session.pictureSize = { _ in Size(width: 4000, height: 3000) }
        return session
    }

    /// The shown panels' rectangles, viewport points; each inside the viewport.
    func shownRects(_ session: ViewerSession) -> [(OverlayPanel, Rect)] {
        let frames = OverlayFrame.frames(for: session.overlayPanels, viewport: session.viewport)
        return zip(session.overlayPanels, frames).filter { !$0.1.isHidden }.map { ($0.0, Rect(origin: $0.1.origin, size: $0.1.size)) }
    }

    func expectApart(_ session: ViewerSession, _ what: String) {
        let rects = shownRects(session)
        for (i, a) in rects.enumerated() {
            #expect(a.1.minX >= 0 && a.1.minY >= 0 && a.1.maxX <= session.viewport.width && a.1.maxY <= session.viewport.height,
                    "\(what): \(a.0.lines.first ?? "") at \(a.1) leaves \(session.viewport)")
            for b in rects[(i + 1)...] {
                #expect(!a.1.intersects(b.1), "\(what): '\(a.0.lines.first ?? "")' \(a.1) covers '\(b.0.lines.first ?? "")' \(b.1)")
            }
        }
    }

    @Test("HUD, options, info, histogram, help and messages pairwise apart, in every view and window size")
    func panelsApart() throws {
        for viewport in Self.sizes {
            for kind in [LayoutKind.grid, .pages, .coverflow] {
                let s = session(kind, viewport)
                // The HUD and a message; then the options panel; then the help over them.
                try play(script([key("h", at: 0.1)], end: 0.2), into: s)
                s.showMessage("rejected: Ünïcødé 日本")
                expectApart(s, "\(kind) \(viewport) HUD + message")
                #expect(shownRects(s).count == 2, "\(kind) \(viewport): both shown")
                try play(script([key("o", at: 0.05)], end: 0.1), into: s)
                s.showMessage("saved cardviewer-2026-11-29.png")
                expectApart(s, "\(kind) \(viewport) HUD + options + message")
                try play(script([key("?", at: 0.05)], end: 0.1), into: s)
                expectApart(s, "\(kind) \(viewport) help")
                #expect(shownRects(s).contains { $0.0.placement == .center }, "the help always shows")
            }
            // The photo view with its info panel and histogram, the HUD and a message.
            let photo = session(.grid, viewport)
            try play(script([key("h", at: 0.1), key("enter", at: 0.2), key("i", at: 0.6), key("g", at: 0.7)], end: 0.9), into: photo)
            photo.showMessage("picked: Ünïcødé.jpg")
            expectApart(photo, "photo \(viewport)")
            try play(script([key("?", at: 0.05)], end: 0.1), into: photo)
            expectApart(photo, "photo help \(viewport)")
        }
    }

    @Test("every placement at once, panels of every size: apart, or hidden; at most the lowest ranks hidden")
    func rule() {
        let placements: [OverlayPanel.Placement] = [.bottomLeft, .bottomCenter, .topRight, .center, .bottomRight, .topLeft, .bottomCenter]
        for viewport in Self.sizes {
            for width in [4, 20, 60] {
                for lines in [1, 3, 12] {
                    let panels = placements.map { OverlayPanel(lines: Array(repeating: String(repeating: "x", count: width), count: lines), placement: $0) }
                    let frames = OverlayFrame.frames(for: panels, viewport: viewport)
                    let shown = frames.filter { !$0.isHidden }.map { Rect(origin: $0.origin, size: $0.size) }
                    for (i, a) in shown.enumerated() {
                        for b in shown[(i + 1)...] { #expect(!a.intersects(b), "\(viewport) \(width)×\(lines): \(a) \(b)") }
                    }
                    // The centered panel is placed first: always shown, where it always was.
                    #expect(!frames[3].isHidden)
                }
            }
        }
        // Nothing in the way: each panel at its corner, as before (the bottom ones stacked upwards).
        let viewport = Size(width: 1280, height: 800)
        let frames = OverlayFrame.frames(for: [OverlayPanel(lines: ["ab"], placement: .bottomCenter),
                                               OverlayPanel(lines: ["cd"], placement: .bottomCenter),
                                               OverlayPanel(lines: ["HUD"], placement: .bottomLeft)], viewport: viewport)
        let h = Double(8 * 2 + 24)
        #expect(frames[0].origin.y == 800 - OverlayFrame.bottomMargin - h)
        #expect(frames[1].origin.y == frames[0].origin.y - OverlayFrame.bottomMargin / 2 - h)
        #expect(frames[2].origin == Vec2(OverlayFrame.cornerMargin, 800 - OverlayFrame.cornerMargin - h))
    }

    @Test("the HUD does not cover the top-left card's culling marks, in every layout and window size")
    func hudClearOfMarks() throws {
        var checked = 0
        for viewport in Self.sizes {
            for kind in LayoutKind.allCases {
                let s = session(kind, viewport)
                try play(script([key("h", at: 0.1)], end: 0.3), into: s)
                s.prepareFrame()
                let hud = try #require(shownRects(s).first { $0.0.placement == .bottomLeft }?.1, "\(kind)")
                let bounds = s.frameCards.compactMap { Culling.screenBounds(of: $0, offset: s.offset, camera: s.camera) }
                    .filter { $0.maxX > 0 && $0.maxY > 0 && $0.minX < viewport.width && $0.minY < viewport.height }
                // The top-left card: the one nearest the viewport's top-left corner.
                guard let card = bounds.min(by: { $0.minX * $0.minX + $0.minY * $0.minY < $1.minX * $1.minX + $1.minY * $1.minY }) else { continue }
                // Its marks (card.vert): a pill from its top-left corner, symbols 8 % of its
                // shorter side high; the widest (pick, five stars, three labels) under
                // 10 symbol heights with the margins — or along its top edge (pages).
                let unit = min(card.size.width, card.size.height)
                let marks = Rect(x: card.minX, y: card.minY, width: min(card.size.width, 0.8 * unit + 0.1 * unit),
                                 height: min(card.size.height, 0.25 * unit))
                #expect(!hud.intersects(marks), "\(kind) \(viewport): HUD \(hud) covers the marks \(marks)")
                checked += 1
            }
        }
        #expect(checked >= 3 * Self.sizes.count)
    }

    @Test("a layout file's error keeps off the current card where the window has room for it, and off the other panels")
    func reloadErrorClearOfTheCard() throws {
        var clear = 0
        for viewport in Self.sizes {
            for kind in [LayoutKind.coverflow, .pages, .grid, .linear] {
                let s = session(kind, viewport, cards: 12)
                try play(script([key("right", at: 0.1), key("h", at: 0.2)], end: 1.0), into: s)
                s.prepareFrame()
                s.layoutReloadFailed("live.json:1:5: 7: unknown variable 'nope'; known: o, i, n, s, w, h, W, H, v, pi, inf")
                s.showMessage("saved cardviewer-2026.png")
                expectApart(s, "\(kind) \(viewport) error")
                let error = try #require(shownRects(s).first { $0.0.lines.first?.hasPrefix("layout file") == true }, "\(kind) \(viewport)")
                let current = try #require(s.currentCardID.flatMap { id in s.frameCards.first { $0.id == id } })
                let card = try #require(Culling.screenBounds(of: current, offset: s.offset, camera: s.camera))
                if !error.1.intersects(card) {
                    clear += 1
                } else {
                    // Covering it only when neither above nor below it is there room for the box.
                    let room = error.1.size.height + 2 * OverlayFrame.bottomMargin
                    #expect(card.minY < room && viewport.height - card.maxY < room,
                            "\(kind) \(viewport): the error \(error.1) covers the current card \(card)")
                }
            }
        }
        #expect(clear >= 8, "clear of the card in \(clear) of 16")
    }
}
