import CardEvents
import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// A view is one type and one entry in the session's list: a view added here, as a new view
/// would be (a map of capture locations: `M` opens it), gets its opening key, the keys and
/// gestures while it is on top, its own key table in the help, its panel in the overlay, and
/// leaves the views under it untouched until it closes.
@Suite struct ViewerViewTests {
    /// The view under test: `M` opens it; while open it counts the gestures it gets, takes the
    /// arrows, and Esc closes it.
    final class MapView: ViewerView {
        unowned let session: ViewerSession
        var isOpen = false
        var gestures = 0
        var arrows = 0

        init(session: ViewerSession) {
            self.session = session
        }

        var takesGestures: Bool { true }
        var keyTable: KeyTable {
            KeyTable([KeyTable.Section("Map", keyWidth: 10, [.row(keys: "arrows", action: "pan the map"), .row(keys: "Esc", action: "close")])])
        }

        func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
            guard event.key == .character("m") else { return false }
            isOpen = true
            session.refreshOverlay()
            return true
        }

        func handleKey(_ event: KeyEvent) -> Bool {
            switch event.key {
            case .escape:
                isOpen = false
                session.refreshOverlay()
            case .left, .right, .up, .down:
                arrows += 1
            default:
                return false
            }
            return true
        }

        func handleGesture(_ gesture: GestureEvent) { gestures += 1 }

        func appendPanels(to panels: inout [OverlayPanel]) {
            if isOpen { panels.append(OverlayPanel(lines: ["Map"], placement: .topRight)) }
        }
    }

    func press(_ key: Key, _ session: ViewerSession) {
        session.handle(.key(KeyEvent(key: key, isDown: true, time: session.time)))
        session.handle(.key(KeyEvent(key: key, isDown: false, time: session.time)))
    }

    func click(_ point: Vec2, _ session: ViewerSession) {
        session.handle(.pointer(PointerEvent(.down, position: point, time: session.time)))
        session.handle(.pointer(PointerEvent(.up, position: point, time: session.time + 0.05)))
        session.advance(to: session.time + 0.5)
    }

    @Test func aViewAddedToTheListGetsItsKeysGesturesHelpAndPanel() {
        let session = makeSession(.grid, cards: 12)
        let map = MapView(session: session)
        // Under the help, the options panel and the HUD; over the photo view and the layouts.
        let position = session.views.firstIndex { $0 === session.photo } ?? 0
        session.insert(map, at: position)
        session.prepareFrame()
        let current = session.currentCardID

        press(.character("m"), session)
        #expect(map.isOpen)
        #expect(session.overlayPanels.contains { $0.lines == ["Map"] })
        // The arrows are the map's now: the grid's current card stays.
        press(.right, session)
        press(.down, session)
        #expect(map.arrows == 2)
        #expect(session.currentCardID == current)
        // A click goes to the map, not to the cards under it.
        click(Vec2(200, 200), session)
        #expect(map.gestures > 0)
        #expect(session.photoCard == nil)
        // The help shows the map's table while the map is on top.
        press(.character("?"), session)
        #expect(session.overlayPanels.contains { $0.lines == map.keyTable.lines })
        press(.escape, session)
        #expect(!session.showsHelp && map.isOpen)
        // Keys the map leaves go on: H is the HUD's, in every view.
        press(.character("h"), session)
        #expect(session.showsHUD)
        press(.escape, session)
        #expect(!map.isOpen)
        #expect(!session.overlayPanels.contains { $0.lines == ["Map"] })
        // Closed, it leaves everything to the layouts again.
        press(.right, session)
        #expect(session.currentCardID != current)
        #expect(map.arrows == 2)
    }

    @Test func theBuiltInViewsAreOneListTopFirstWithTheLayoutsAtTheBottom() {
        let session = makeSession(.pages)
        #expect(session.views.last === session.layout)
        #expect(session.views.first === session.help)
        #expect(session.views.filter(\.isOpen).count == 1)
        // Each view's key table is what the help shows over it.
        #expect(session.photo.keyTable.lines == ViewerSession.photoViewHelpLines)
        #expect(session.options.keyTable.lines == ViewerSession.optionsPanelHelpLines)
        #expect(session.layout.keyTable.lines.contains { $0.contains("pages*") })
    }
}
