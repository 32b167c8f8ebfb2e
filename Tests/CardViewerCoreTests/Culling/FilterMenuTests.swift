import CardCulling
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SPEC §10/§13's filter menu (`Shift+V`): at least N stars, a colour label, picks, rejects
/// hidden, all — one key each, through replays; the filter saved in the state by name; the
/// indicator's counts.
@Suite struct FilterMenuTests {
    /// Card 0 three stars, 1 picked with a green label, 2 rejected with five stars and a red
    /// label, 3 one star and red, 4 five stars; 5 unmarked.
    func markedStore() -> RecordingCullStore {
        RecordingCullStore([
            "/photos/p0.jpg": CullMark(stars: 3),
            "/photos/p1.jpg": CullMark(flag: .picked, labels: .green),
            "/photos/p2.jpg": CullMark(stars: 5, flag: .rejected, labels: .red),
            "/photos/p3.jpg": CullMark(stars: 1, labels: .red),
            "/photos/p4.jpg": CullMark(stars: 5),
        ])
    }

    /// Whether the filter menu's panel is on screen.
    func menuShows(_ session: ViewerSession) -> Bool {
        session.overlayPanels.contains { $0.lines.first == "Filter (Shift+V)" }
    }

    @Test("Shift+V opens the menu; 3 shows pictures of 3+ stars without rejects; the digit marks nothing")
    func starsAtLeast() throws {
        let store = markedStore()
        let session = cullingSession(store: store)
        try play(script([cullKey("v", at: 0.1, mods: ["shift"])], end: 0.5), into: session)
        #expect(menuShows(session))
        #expect(session.cullFilter == .all)
        try play(script([cullKey("3", at: 0.1)], end: 1.0), into: session)
        #expect(!menuShows(session))
        #expect(session.cullFilter == .starsAtLeast(3))
        #expect(shownIDs(session) == [0, 4])
        #expect(messageLines(session).contains("filter: 3+ stars"))
        #expect(session.culling.filterIndicator == "3+ stars: picks 1 | rejects 1 | shown 2 of 6")
        #expect(store.writes.isEmpty)  // the 3 chose a filter; it rated nothing
    }

    @Test("6-9 show a colour label's pictures, rejects included; P, X and 0 are the menu's too")
    func labelsAndTheOthers() throws {
        let session = cullingSession(store: markedStore())
        try play(script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey("6", at: 0.2)], end: 1.0), into: session)
        #expect(session.cullFilter == .label(.red))
        #expect(shownIDs(session) == [2, 3])
        try play(script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey("8", at: 0.2)], end: 1.0), into: session)
        #expect(shownIDs(session) == [1])
        try play(script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey("x", at: 0.2)], end: 1.0), into: session)
        #expect(session.cullFilter == .rejectsHidden)
        #expect(shownIDs(session) == [0, 1, 3, 4, 5])
        try play(script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey("0", at: 0.2)], end: 1.0), into: session)
        #expect(session.cullFilter == .all)
        #expect(shownIDs(session) == [0, 1, 2, 3, 4, 5])
    }

    @Test("Esc closes the menu unchanged; V from a menu filter goes back to all")
    func escapeAndV() throws {
        let session = cullingSession(store: markedStore())
        try play(script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey("escape", at: 0.2)], end: 0.5), into: session)
        #expect(!menuShows(session))
        #expect(session.cullFilter == .all)
        try play(script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey("5", at: 0.2)], end: 1.0), into: session)
        #expect(shownIDs(session) == [4])
        try play(script([cullKey("v", at: 0.1)], end: 1.0), into: session)
        #expect(session.cullFilter == .all)
        #expect(shownIDs(session).count == 6)
    }

    @Test("a menu filter is saved by name and restored; the state's names read back")
    func savedAndRestored() throws {
        let store = markedStore()
        let session = cullingSession(store: store)
        try play(script([cullKey("v", at: 0.1, mods: ["shift"]), cullKey("9", at: 0.2)], end: 1.0), into: session)
        let saved = try #require(session.savedLayout.culling)
        #expect(saved.filter == .label(.blue))
        let restarted = cullingSession(store: store, saved: saved)
        #expect(restarted.cullFilter == .label(.blue))
        #expect(shownIDs(restarted).isEmpty)
        for filter: CullFilter in [.all, .picksOnly, .rejectsHidden, .starsAtLeast(1), .starsAtLeast(5), .label(.red), .label(.yellow),
                                   .label(.green), .label(.blue)] {
            #expect(CullFilter(rawValue: filter.rawValue) == filter, "\(filter.rawValue)")
        }
        #expect(CullFilter.starsAtLeast(4).rawValue == "starsAtLeast4")
        #expect(CullFilter.label(.green).rawValue == "labelGreen")
        for wrong in ["starsAtLeast0", "starsAtLeast6", "starsAtLeast03", "starsAtLeast", "labelPink", "label", "picks"] {
            #expect(CullFilter(rawValue: wrong) == nil, "\(wrong)")
        }
    }
}
