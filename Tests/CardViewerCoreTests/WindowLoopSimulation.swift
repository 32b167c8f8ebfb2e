import CardLayout
@testable import CardViewerCore
import Foundation

/// The window's loop on a virtual clock, with the session's own redraw policy
/// (`waitBeforeNextFrame`, `needsDisplay`): it sleeps until the next event or deadline while the
/// session is at rest, steps a frame (1/60 s, vsync's pace) while it is busy, and "draws" —
/// lays out the frame, `eachDraw` sees it — only when the session says the screen is behind.
/// Unlike `ReplayPlayer`, which draws every frame, this shows which frames a window draws.
struct WindowLoopSimulation {
    let session: ViewerSession
    /// Frames drawn so far, with their times.
    private(set) var drawTimes: [Double] = []
    /// The cards of the last frame drawn: what the window shows.
    private(set) var shown: [CardAttributes] = []
    /// The overlay of the last frame drawn.
    private(set) var shownPanels: [OverlayPanel] = []

    init(session: ViewerSession) {
        self.session = session
    }

    /// Plays the script `json` (times from the session's current time) until its `end`.
    mutating func play(_ json: String, eachDraw: (Double) -> Void = { _ in }) throws {
        let script = try ReplayScript.parse(Data(json.utf8), name: "simulation")
        let start = session.time
        let events = script.events.map { $0.delayed(by: start) }
        let end = start + script.end
        var now = start
        var next = 0
        while now < end - 1e-9 {
            let wake: Double
            switch session.waitBeforeNextFrame(now: now, canDraw: true) {
            case 0?: wake = now + 1.0 / 60
            case let wait?: wake = now + wait
            case nil: wake = .infinity
            }
            let nextEvent = next < events.count ? events[next].time : .infinity
            now = min(wake, max(nextEvent, now), end)
            while next < events.count, events[next].time <= now + 1e-9 {
                session.handle(events[next])
                next += 1
            }
            session.advance(to: now)
            if session.needsDisplay {
                session.prepareFrame()
                drawTimes.append(now)
                shown = session.frameCards
                shownPanels = session.overlayPanels
                eachDraw(now)
            }
        }
    }

    /// What a forced redraw would show now (the session's frame at its time).
    func redrawn() -> [CardAttributes] {
        session.prepareFrame()
        return session.frameCards
    }
}
