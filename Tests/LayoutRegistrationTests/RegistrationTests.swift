import ArgumentParser
import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import cardviewer
@testable import CardViewerCore
import Testing

/// A layout registered at run time, from a test target that edits no other file, is parsed on
/// the command line, listed by `cardviewer layouts` and in the help, and reachable from the keys.
// Serialized: its tests register layouts into the shared registry ("reload-first", …) while
// another walks it with L and Shift+L (a neighbour registered mid-walk failed a clean-clone run).
@Suite(.serialized) struct RegistrationTests {
    init() { registerStrip() }

    @Test("--layout strip and --set parse; a wrong option names the strip's options")
    func commandLine() throws {
        let command = try CardViewer.parseAsRoot(["layout", "--layout", "strip", "--set", "gap=40", "--cards", "3"])
        let layoutCommand = try #require(command as? LayoutCommand)
        #expect(layoutCommand.scene.layout == LayoutKind("strip"))
        let layout = try #require(layoutCommand.scene.layout.descriptor.makeLayout(layoutCommand.scene.layoutOptions) as? StripLayout)
        #expect(layout.gap == 40 && layout.cardWidth == 200)
        #expect(throws: (any Error).self) {
            try CardViewer.parseAsRoot(["render", "--layout", "strip", "--set", "radius=500", "--out", "x.png"])
        }
        do {
            _ = try CardViewer.parseAsRoot(["layout", "--layout", "strip", "--set", "radius=500"])
            Issue.record("an option of another layout was accepted")
        } catch {
            let text = CardViewer.message(for: error)
            #expect(text.contains("cardWidth (20…2000)") && text.contains("gap (0…500)"), "\(text)")
        }
    }

    @Test("cardviewer layouts lists it, with its options, in text, JSON and README's table")
    func listing() {
        let layouts = LayoutRegistry.shared.all
        let position = try! #require(layouts.firstIndex { $0.name == "strip" })
        let key = LayoutRegistry.key(forPosition: position).map(String.init) ?? "L"
        #expect(LayoutListing.text(layouts).contains("strip (key \(key)): a test layout: one row of cards"))
        #expect(LayoutListing.text(layouts).contains("gap"))
        #expect(LayoutListing.json(layouts).contains(#"{"name":"strip","summary":"a test layout: one row of cards""#))
        #expect(LayoutListing.markdown(layouts).contains("| `strip` | \(key) | a test layout: one row of cards |"))
    }

    @Test("the help overlay names it with the key that picks it, and shows its own help line")
    func help() throws {
        let lines = ViewerSession.helpLines
        let position = try #require(LayoutRegistry.shared.all.firstIndex { $0.name == "strip" })
        let key = try #require(ViewerSession.pickerKey(forPosition: position))
        let picker = lines.prefix { $0 != "Keys" }
        #expect(picker.joined().contains("\(key) strip"), "\(picker)")
        #expect(lines.contains("  (nothing)        a strip has no gestures (strip)"))
    }

    @Test("its number key and L switch the viewer to it; its cards are laid out by it")
    func keys() throws {
        let layouts = LayoutRegistry.shared.all
        let position = try #require(layouts.firstIndex { $0.name == "strip" })
        let strip = LayoutKind("strip")
        let session = ViewerSession(deck: Deck(syntheticCount: 8),
                                    configuration: .init(layout: .pages, viewport: Size(width: 800, height: 600)))
        var time = 0.0
        func press(_ character: Character) {
            time += 0.05
            session.handle(.key(KeyEvent(key: .character(character), isDown: true, time: time)))
            session.handle(.key(KeyEvent(key: .character(character), isDown: false, time: time + 0.01)))
            for _ in 0..<60 { time += 1.0 / 60; session.advance(to: time) }
        }
        if let key = LayoutRegistry.key(forPosition: position) {
            press(key)
            #expect(session.layoutKind == strip)
            press("1")
            #expect(session.layoutKind == .pages)
        }
        // L walks the registry in order and reaches it from the last built-in layout.
        for _ in 0..<layouts.count where session.layoutKind != strip { press("l") }
        #expect(session.layoutKind == strip)
        // At rest the frame shows the strip's own attributes.
        session.prepareFrame()
        let expected = StripLayout().visibleAttributes(in: LayoutContext(viewport: session.viewport, cardCount: 8, offset: session.offset))
        #expect(session.frameCards.count == expected.count)
        for card in session.frameCards {
            let rest = try #require(expected.first { $0.index == session.deck.index(of: card.id) })
            #expect(abs(card.center.x - rest.center.x) < 1e-6 && abs(card.center.y - rest.center.y) < 1e-6)
        }
    }

    @Test("the help's picker, Shift+L and the options panel reach it and change its options live, the flag too")
    func pickerPreviousAndPanel() throws {
        let layouts = LayoutRegistry.shared.all
        let position = try #require(layouts.firstIndex { $0.name == "strip" })
        let key = try #require(ViewerSession.pickerKey(forPosition: position))
        let strip = LayoutKind("strip")
        let session = ViewerSession(deck: Deck(syntheticCount: 8),
                                    configuration: .init(layout: .wheel, viewport: Size(width: 800, height: 600)))
        var time = 0.0
        func press(_ pressed: Key, shift: Bool = false) {
            time += 0.05
            session.handle(.key(KeyEvent(key: pressed, isDown: true, time: time, modifiers: shift ? [.shift] : [])))
            session.handle(.key(KeyEvent(key: pressed, isDown: false, time: time + 0.01)))
            for _ in 0..<60 { time += 1.0 / 60; session.advance(to: time) }
        }
        press(.character("?"))
        press(.character(key))
        #expect(session.layoutKind == strip && !session.showsHelp)
        // Shift+L walks back, L forward: from the strip and back to it, through its neighbours.
        press(.character("l"), shift: true)
        #expect(session.layoutKind == layouts[position - 1].kind)
        press(.character("l"))
        #expect(session.layoutKind == strip)
        press(.character("l"))
        #expect(session.layoutKind == layouts[(position + 1) % layouts.count].kind)
        press(.character("l"), shift: true)
        #expect(session.layoutKind == strip)
        // The panel: the gap by a step (0…500 around 20: a twentieth of 20, 1 point), then the flag.
        press(.character("o"))
        press(.down)
        press(.right)
        press(.down)
        press(.right)
        let values = try LayoutDescriptor.strip.values(setting: ["gap=21", "square=true"])
        #expect(session.layoutOptionValues == values)
        #expect(session.savedLayout == SavedLayout(name: "strip", options: ["gap": 21, "square": 1]))
        session.prepareFrame()
        let expected = StripLayout(gap: 21, square: true).visibleAttributes(
            in: LayoutContext(viewport: session.viewport, cardCount: 8, offset: session.offset))
        #expect(!session.frameCards.isEmpty)
        for card in session.frameCards {
            let rest = try #require(expected.first { $0.index == session.deck.index(of: card.id) })
            #expect(abs(card.center.x - rest.center.x) < 1e-6 && card.size == rest.size)
        }
        press(.left)
        #expect(session.layoutOptionValues["square"] == 0)
    }

    @Test("a reloaded layout (a layout file saved, here renamed) replaces the shown one, animated; the user's options stay, the rest take the new defaults; an error stays on screen until a good reload")
    func reload() throws {
        let first = LayoutDescriptor(name: "reload-first", summary: "a strip before its file changed",
                                     options: LayoutDescriptor.strip.options, behavior: LayoutBehavior(),
                                     make: { StripLayout(cardWidth: $0["cardWidth"], gap: $0["gap"], square: $0.flag("square")) })
        let second = LayoutDescriptor(name: "reload-second", summary: "the strip after the change",
                                  options: [LayoutOption("cardWidth", default: 300, range: 20...2000, help: "card width, points"),
                                            LayoutOption("gap", default: 10, range: 0...500, help: "space between cards, points")],
                                  behavior: LayoutBehavior(),
                                  make: { StripLayout(cardWidth: $0["cardWidth"], gap: $0["gap"]) })
        // Registered once per process (taken on a second run of the test).
        try? LayoutRegistry.shared.register(first)
        try? LayoutRegistry.shared.register(second)
        let session = ViewerSession(deck: Deck(syntheticCount: 8),
                                    configuration: .init(layout: first.kind, layoutOptions: try first.values(setting: ["gap=40", "square=true"]),
                                                         viewport: Size(width: 800, height: 600)))
        var time = 0.0
        func frames(_ count: Int) { for _ in 0..<count { time += 1.0 / 60; session.advance(to: time) } }
        frames(5)
        session.layoutReloadFailed("reload.json:3:14: expected a number")
        #expect(session.layoutKind == first.kind)
        let error = try #require(session.overlayPanels.first { $0.lines.first?.hasPrefix("layout file: reload.json:3:14") == true })
        #expect(error.lines.last == "the last good layout stays")
        frames(300)
        #expect(session.overlayPanels.contains(error), "the error stays until a good reload")

        session.layoutReloaded(second.kind, replacing: first.kind)
        #expect(session.layoutReloadError == nil && !session.overlayPanels.contains(error))
        #expect(session.layoutKind == second.kind && session.needsFrames, "the new version animates in")
        // gap was set by the user and is kept; cardWidth takes the new default; square is gone.
        #expect(session.savedLayout == SavedLayout(name: "reload-second", options: ["gap": 40]))
        frames(40)
        #expect(!session.needsFrames)
        session.prepareFrame()
        let expected = StripLayout(cardWidth: 300, gap: 40).visibleAttributes(
            in: LayoutContext(viewport: session.viewport, cardCount: 8, offset: session.offset))
        #expect(!session.frameCards.isEmpty)
        for card in session.frameCards {
            let rest = try #require(expected.first { $0.index == session.deck.index(of: card.id) })
            #expect(abs(card.center.x - rest.center.x) < 1e-6 && card.size == rest.size)
        }
    }
}
