import CardEvents
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// `F` and `F11` ask the glue for fullscreen (SPEC §10's key table) in every view; the window
/// does the switch and the session sees the resize.
@Suite struct FullscreenKeyTests {
    func press(_ key: Key, _ session: ViewerSession, modifiers: KeyModifiers = []) {
        session.handle(.key(KeyEvent(key: key, isDown: true, time: session.time, modifiers: modifiers)))
        session.handle(.key(KeyEvent(key: key, isDown: false, time: session.time, modifiers: modifiers)))
    }

    @Test func fAndF11AskForFullscreenInTheLayoutTheHelpAndTheOptionsPanel() {
        let session = makeSession(.grid, cards: 12)
        press(.character("f"), session)
        press(.function(11), session)
        #expect(session.takeFullscreenRequests() == 2)
        #expect(session.takeFullscreenRequests() == 0)
        press(.character("?"), session)
        #expect(session.showsHelp)
        press(.character("f"), session)
        #expect(session.takeFullscreenRequests() == 1)
        #expect(session.showsHelp)  // the help stays
        press(.character("?"), session)
        press(.character("o"), session)
        #expect(session.optionsPanel != nil)
        press(.function(11), session)
        #expect(session.takeFullscreenRequests() == 1)
        #expect(session.optionsPanel != nil)
        #expect(session.layoutKind == .grid)
    }

    @Test func otherFunctionKeysAndCtrlFDoNothing() {
        let session = makeSession(.grid, cards: 12)
        press(.function(10), session)
        press(.character("f"), session, modifiers: .control)
        press(.character("f"), session, modifiers: .alt)
        #expect(session.takeFullscreenRequests() == 0)
    }

    @Test func replaysNameTheFunctionKeys() throws {
        #expect(RawEvent.key(named: "f11") == .function(11))
        #expect(RawEvent.key(named: "F1") == .function(1))
        #expect(RawEvent.key(named: "f26") == nil)
        #expect(RawEvent.key(named: "f0") == nil)
        #expect(RawEvent.key(named: "f") == .character("f"))
        let session = makeSession(.tasks, cards: 12)
        try play(script([#"{"time": 0.1, "type": "key", "key": "f11"}"#, #"{"time": 0.2, "type": "key", "key": "f"}"#], end: 0.5),
                 into: session)
        #expect(session.takeFullscreenRequests() == 2)
    }

    @Test func theHelpListsTheKeys() {
        #expect(ViewerSession.helpLines.contains { $0.contains("F, F11") && $0.contains("fullscreen") })
    }
}
