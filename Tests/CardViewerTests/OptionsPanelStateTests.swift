import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
import CardViewerCore
import CardViewerFrame
import Foundation
import Testing

/// SPEC §10 and §12: a value changed in the options panel is saved with the state, and the next
/// start shows it again; `--set` on the command line wins over it.
@Suite struct OptionsPanelStateTests {
    func press(_ session: ViewerSession, _ key: Key, shift: Bool = false) {
        let time = session.time + 0.05
        session.handle(.key(KeyEvent(key: key, isDown: true, time: time, modifiers: shift ? [.shift] : [])))
        session.handle(.key(KeyEvent(key: key, isDown: false, time: time + 0.01)))
        for step in 1...40 { session.advance(to: time + Double(step) / 60) }
    }

    @Test("changed in the panel, saved, restored at the next start; --set wins")
    func savedAndRestored() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let store = DeckStore(path: folder.path("state.json"))
        let session = ViewerSession(deck: Deck(syntheticCount: 20),
                                    configuration: .init(layout: .tasks, viewport: Size(width: 1280, height: 800)))
        press(session, .character("o"))
        press(session, .down)  // scale, 0.1…1: steps of 0.005
        press(session, .left, shift: true)
        #expect(session.layoutOptionValues["scale"] == 0.8)
        try store.save(session.deck, layout: session.savedLayout)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains(#""scale" : 0.8"#), "\(text)")

        guard case .restored(let deck, let saved) = try store.load() else {
            Issue.record("the state was not restored")
            return
        }
        var builder = ViewerBuilder(deck: .synthetic(count: 20), layout: .pages)
        builder.layoutNamedByUser = false
        let start = builder.startingLayout(restoring: saved)
        let restored = ViewerSession(deck: deck, configuration: .init(layout: start.kind, layoutOptions: start.options,
                                                                       viewport: Size(width: 1280, height: 800)))
        #expect(restored.layoutKind == .tasks && restored.layoutOptionValues["scale"] == 0.8)
        #expect(restored.savedLayout == session.savedLayout)

        // --set scale=0.5 on the command line wins over the saved 0.8; the other saved ones stay.
        press(session, .up)
        press(session, .right)
        try store.save(session.deck, layout: session.savedLayout)
        guard case .restored(_, let again) = try store.load() else { return }
        var named = ViewerBuilder(deck: .synthetic(count: 20), layout: .tasks)
        named.layoutOptions = try LayoutDescriptor.tasks.values(setting: ["scale=0.5"])
        let set = named.startingLayout(restoring: again)
        #expect(set.kind == .tasks && set.options?["scale"] == 0.5 && set.options?["slotsPerScreen"] == 5.1)
    }
}
