import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The options panel (O, SPEC §10), driven through the session as a user drives it: keys, a drag
/// and the wheel on the panel; the cards at rest are exactly the layout the new values make.
@Suite struct OptionsPanelTests {
    func key(_ name: String, at time: Double, shift: Bool = false) -> String {
        #"{"time": \#(time), "type": "key", "key": "\#(name)""# + (shift ? #", "mods": ["shift"]}"# : "}")
    }

    /// The session's cards at rest equal `kind`'s layout made with `values`, card for card.
    func expectRestingLayout(_ session: ViewerSession, _ kind: LayoutKind, _ values: LayoutOptionValues,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!session.needsFrames, sourceLocation: sourceLocation)
        session.prepareFrame()
        let context = LayoutContext(viewport: session.viewport, cardCount: session.deck.count, offset: session.offset)
        let expected = kind.descriptor.makeLayout(values).visibleAttributes(in: context)
        let shown = session.frameCards.filter { !$0.isHidden }
        #expect(!shown.isEmpty, sourceLocation: sourceLocation)
        for card in shown {
            guard let rest = expected.first(where: { $0.index == session.deck.index(of: card.id) }) else {
                Issue.record("card \(card.id) is not in the layout's visible set", sourceLocation: sourceLocation)
                continue
            }
            #expect(closeEnough(card.center, rest.center, absolute: 1e-6), sourceLocation: sourceLocation)
            #expect(closeEnough(card.size.width, rest.size.width, absolute: 1e-6), sourceLocation: sourceLocation)
        }
    }

    @Test("O opens the panel with every option of the layout, its value and range; O and Esc close it")
    func opensAndCloses() throws {
        let session = makeSession(.grid, cards: 30)
        try play(script([key("o", at: 0.1)], end: 0.2), into: session)
        #expect(session.showsOptionsPanel)
        let panel = try #require(session.overlayPanels.first { $0.placement == .topRight })
        #expect(panel.lines.first == "Options of grid")
        #expect(panel.lines.contains { $0.hasPrefix("> minimumCardWidth") && $0.contains("240") && $0.contains("40..4000") })
        #expect(panel.lines.contains { $0.hasPrefix("  spacing") && $0.contains("20") && $0.contains("0..400") })
        #expect(session.pickedOption?.name == "minimumCardWidth")
        try play(script([key("o", at: 0.1)], end: 0.2), into: session)
        #expect(!session.showsOptionsPanel && !session.overlayPanels.contains { $0.placement == .topRight })
        try play(script([key("o", at: 0.1), key("escape", at: 0.2)], end: 0.3), into: session)
        #expect(!session.showsOptionsPanel)
        // The help over the panel shows the panel's keys (SPEC §10: one table per view).
        try play(script([key("o", at: 0.1), key("?", at: 0.2)], end: 0.3), into: session)
        #expect(session.showsHelp && session.showsOptionsPanel)
        #expect(session.overlayPanels.contains { $0.lines == ViewerSession.optionsPanelHelpLines })
        try play(script([key("?", at: 0.1)], end: 0.3), into: session)
        #expect(!session.showsHelp && session.showsOptionsPanel)
    }

    @Test("Down picks, Right and Shift+Right change the value live; the cards end where the new grid puts them")
    func arrowsChangeThePickedOption() throws {
        let session = makeSession(.grid, cards: 60)
        let offset = session.offset
        var moving = 0
        try play(script([key("o", at: 0.1), key("down", at: 0.2), key("right", at: 0.3)], end: 0.4), into: session) { time in
            if time > 0.32, session.needsFrames { moving += 1 }
        }
        #expect(session.pickedOption?.name == "spacing")
        #expect(session.layoutOptionValues["spacing"] == 22)  // 0…400: steps of 2
        #expect(moving > 0, "the change animates")
        #expect(session.offset == offset, "arrows go to the panel, not to scrolling")
        try play(script([key("right", at: 0.1, shift: true)], end: 0.8), into: session)
        #expect(session.layoutOptionValues["spacing"] == 42)
        expectRestingLayout(session, .grid, try LayoutDescriptor.grid.values(setting: ["spacing=42"]))
        #expect(session.savedLayout == SavedLayout(name: "grid", options: ["spacing": 42]))
        // Up to the first option, Left twice; Backspace sets it back to its default.
        try play(script([key("up", at: 0.1), key("left", at: 0.2), key("left", at: 0.3)], end: 0.9), into: session)
        #expect(session.layoutOptionValues["minimumCardWidth"] == 200)
        expectRestingLayout(session, .grid, try LayoutDescriptor.grid.values(setting: ["spacing=42", "minimumCardWidth=200"]))
        try play(script([key("backspace", at: 0.1)], end: 0.8), into: session)
        #expect(session.savedLayout == SavedLayout(name: "grid", options: ["spacing": 42]))
        #expect(session.deck.count == 60, "Backspace in the panel deletes no card")
    }

    @Test("values stay in range: the ends hold")
    func rangesHold() throws {
        let session = makeSession(.tasks, cards: 20)
        // slotsPerScreen, 1…20: steps of 0.1, Shift 1; 5 + 20 holds at 20.
        try play(script([key("o", at: 0.1)] + (0..<20).map { key("right", at: 0.2 + Double($0) * 0.02, shift: true) }, end: 1.2),
                 into: session)
        #expect(session.layoutOptionValues["slotsPerScreen"] == 20)
        expectRestingLayout(session, .tasks, try LayoutDescriptor.tasks.values(setting: ["slotsPerScreen=20"]))
        try play(script([key("left", at: 0.1)], end: 0.8), into: session)
        #expect(session.layoutOptionValues["slotsPerScreen"] == 19.9)
        expectRestingLayout(session, .tasks, try LayoutDescriptor.tasks.values(setting: ["slotsPerScreen=19.9"]))
    }

    @Test("a horizontal drag on the panel picks the row under it and changes it; the cards do not scroll")
    func dragOnThePanel() throws {
        let session = makeSession(.pages, cards: 30)
        try play(script([key("o", at: 0.1)], end: 0.2), into: session)
        let frame = try #require(session.optionsPanelFrame)
        let lineHeight = 9 * frame.pixelSize
        // The row of restingAngle (second option, third line after the two header lines).
        let y = frame.origin.y + frame.padding + lineHeight * (Double(OptionsPanel.headerLines) + 1) + lineHeight / 2
        let x = frame.origin.x + frame.size.width / 2
        let offset = session.offset
        let drag = #"{"time": 0.1, "type": "drag", "x": \#(x), "y": \#(y), "toX": \#(x + 41), "toY": \#(y + 30), "duration": 0.3}"#
        try play(script([drag], end: 1), into: session)
        #expect(session.pickedOption?.name == "restingAngle")
        // 41 points: five steps of 0.5° (a range of 90°) from −60.
        #expect(session.layoutOptionValues["restingAngle"] == -57.5)
        #expect(session.offset == offset)
        expectRestingLayout(session, .pages, try LayoutDescriptor.pages.values(setting: ["restingAngle=-57.5"]))
        // The wheel on the first row: two notches up, two steps of pitch (40…2000: 10 points).
        let first = frame.origin.y + frame.padding + lineHeight * Double(OptionsPanel.headerLines) + lineHeight / 2
        let wheel = #"{"time": 0.1, "type": "move", "x": \#(x), "y": \#(first)}, {"time": 0.2, "type": "scroll", "dy": 2}"#
        let anchor = session.anchorIndex()
        try play(script([wheel], end: 0.9), into: session)
        #expect(session.pickedOption?.name == "pitch")
        #expect(session.layoutOptionValues["pitch"] == 180)
        // The wheel scrolled nothing; the card at the centre kept its place: its page lies
        // 20 points further down per page before it, and the offset followed.
        #expect(anchor > 0 && session.offset == offset + Vec2(0, 20 * Double(anchor)), "\(anchor) \(session.offset)")
        // Off the panel, a drag scrolls the cards as ever.
        try play(script([#"{"time": 0.1, "type": "drag", "x": 300, "y": 600, "toX": 300, "toY": 300, "duration": 0.3}"#], end: 2),
                 into: session)
        #expect(session.offset.y > 100 + 20 * Double(anchor))
        #expect(session.layoutOptionValues["pitch"] == 180)
    }

    @Test("a layout switch shows the new layout's options; each layout keeps its own")
    func switching() throws {
        let session = makeSession(.wheel, cards: 20)
        try play(script([key("o", at: 0.1), key("right", at: 0.2)], end: 0.8), into: session)
        #expect(session.layoutOptionValues["radius"] == 510)  // 200…2000: steps of 10
        expectRestingLayout(session, .wheel, try LayoutDescriptor.wheel.values(setting: ["radius=510"]))
        try play(script([key("2", at: 0.1)], end: 0.8), into: session)
        #expect(session.layoutKind == .tasks && session.showsOptionsPanel)
        let panel = try #require(session.overlayPanels.first { $0.placement == .topRight })
        #expect(panel.lines.first == "Options of tasks")
        #expect(session.pickedOption?.name == "slotsPerScreen")
        // Back to the wheel: its changed radius was kept, and ] works on top of it.
        try play(script([key("5", at: 0.1), key("]", at: 0.7)], end: 1.4), into: session)
        #expect(session.layoutOptionValues["radius"] == 637.5)
        #expect(session.savedLayout == SavedLayout(name: "wheel", options: ["radius": 637.5]))
    }

    @Test("an empty deck: the panel changes the options all the same, and a card appended later follows them",
          arguments: LayoutKind.builtIn)
    func emptyDeck(kind: LayoutKind) throws {
        let session = makeSession(kind, cards: 0)
        try play(script([key("o", at: 0.1), key("right", at: 0.2, shift: true)], end: 0.6), into: session)
        let option = try #require(session.pickedOption)
        #expect(session.layoutOptionValues[option.name] != option.defaultValue)
        #expect(session.overlayPanels.contains { $0.placement == .topRight })
        try play(script([key("escape", at: 0.1), key("a", at: 0.2)], end: 3), into: session)
        #expect(session.deck.count == 1)
        // Pages open the card appended (SPEC §2); Esc closes it, so the rest is the layout's.
        if session.highlightedCard != nil { try play(script([key("escape", at: 0.1)], end: 1), into: session) }
        #expect(session.highlightedCard == nil)
        expectRestingLayout(session, kind, session.layoutOptionValues)
    }
}
