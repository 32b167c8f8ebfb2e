import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Foundation

/// The viewport every session test uses, points.
let testViewport = Size(width: 1280, height: 800)

/// A session on `count` synthetic cards (ids 0…count−1) in `layout`.
func makeSession(_ layout: LayoutKind, cards count: Int = 12, offset: Vec2 = .zero) -> ViewerSession {
    ViewerSession(deck: Deck(syntheticCount: count),
                  configuration: .init(layout: layout, viewport: testViewport, offset: offset))
}

/// Plays `json` (a replay script) into `session` at 60 Hz, starting at the session's time (script
/// times count from there), and returns the last frame's time; `eachFrame` sees the session
/// after each frame, with the frame's time.
@discardableResult
func play(_ json: String, into session: ViewerSession, eachFrame: (Double) -> Void = { _ in }) throws -> Double {
    let script = try ReplayScript.parse(Data(json.utf8), name: "test")
    var player = ReplayPlayer(script: script, start: session.time)
    return player.playToEnd(session, eachFrame: eachFrame)
}

/// A script of `events` (JSON objects), ending at `end`.
func script(_ events: [String], end: Double? = nil) -> String {
    "{\"events\": [" + events.joined(separator: ",") + "]" + (end.map { ", \"end\": \($0)" } ?? "") + "}"
}

/// The frame card with id `id`, if on screen.
func frameCard(_ session: ViewerSession, _ id: CardID) -> CardAttributes? {
    session.frameCards.first { $0.id == id }
}

/// The card the camera shows under `point` for resting `cards` at `offset`: computed here with
/// the layout's own attributes and the exact hit test, independently of the session.
func expectedHit(_ point: Vec2, cards: [CardAttributes], offset: Vec2) -> CardID? {
    HitTesting.hitTest(point, in: cards, offset: offset, camera: Camera(viewport: testViewport))?.id
}

/// Where `camera` (by default the seeds' at 1500) shows a card's four corners, viewport points.
func projectedCorners(_ card: CardAttributes, offset: Vec2, camera: Camera = Camera(viewport: testViewport)) -> [Vec2] {
    return card.worldCorners(offset: offset).compactMap { camera.project($0)?.point }
}

/// True when `corners` (viewport points) lie within the viewport and touch two of its opposite
/// sides: a picture fitted whole in the window (the photo view, SPEC §10).
func fitsTheViewport(_ corners: [Vec2], tolerance: Double = 1e-6) -> Bool {
    guard corners.count == 4 else { return false }
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let inside = xs.min()! >= -tolerance && ys.min()! >= -tolerance
        && xs.max()! <= testViewport.width + tolerance && ys.max()! <= testViewport.height + tolerance
    let wide = abs(xs.min()!) <= tolerance && abs(xs.max()! - testViewport.width) <= tolerance
    let tall = abs(ys.min()!) <= tolerance && abs(ys.max()! - testViewport.height) <= tolerance
    return inside && (wide || tall)
}
