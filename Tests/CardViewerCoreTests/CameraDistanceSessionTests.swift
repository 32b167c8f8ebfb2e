import CardFiles
import CardInteraction
import CardLayout
import CardLayoutFiles
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// `--camera-distance` in the session (one camera for drawing, culling and hit testing, saved
/// with the state) and layout files' `v` from the scroll physics (SPEC §8, §9, §12).
@Suite("The camera distance and v in the session", .serialized)
struct CameraDistanceSessionTests {
    func session(_ layout: LayoutKind, eyeDistance: Double, cards: Int = 30, offset: Vec2 = .zero) -> ViewerSession {
        var configuration = ViewerSession.Configuration(layout: layout, viewport: testViewport, offset: offset)
        configuration.eyeDistance = eyeDistance
        return ViewerSession(deck: Deck(syntheticCount: cards), configuration: configuration)
    }

    @Test("the session's camera, layout context and saved layout carry the distance; out of range is clamped")
    func carried() {
        let near = session(.coverflow, eyeDistance: 500)
        #expect(near.camera.eyeDistance == 500 && near.camera.near == 500.0 / 150)
        #expect(near.scene.context.camera == near.camera)
        // Issue 34 item 6: a distance is left out of the state when it is the layout's own
        // (coverflow's 500, grid's 1500), kept when it is not (the user's choice).
        #expect(near.savedLayout.cameraDistance == nil, "coverflow's own is left out")
        #expect(session(.grid, eyeDistance: 500).savedLayout.cameraDistance == 500)
        #expect(session(.coverflow, eyeDistance: 1500).savedLayout.cameraDistance == 1500, "not coverflow's own: kept")
        #expect(session(.grid, eyeDistance: 1500).savedLayout.cameraDistance == nil, "grid's own is left out")
        #expect(session(.coverflow, eyeDistance: 10).eyeDistance == Camera.eyeDistanceRange.lowerBound)
    }

    @Test("at 500 a tap hits the card the 500 camera shows, and that differs from 1500's somewhere", arguments: [LayoutKind.coverflow, .rotary, .cylinder])
    func hitTestAt500(kind: LayoutKind) {
        let s = session(kind, eyeDistance: 500, offset: .zero)
        s.advance(to: 0)
        s.prepareFrame()
        let cards = s.frameCards, offset = s.offset
        let camera500 = Camera(viewport: testViewport, eyeDistance: 500), camera1500 = Camera(viewport: testViewport)
        var differing = 0, hits = 0
        for y in stride(from: 250.0, through: 550, by: 25) {
            for x in stride(from: 10.0, through: 1270, by: 20) {
                let point = Vec2(x, y)
                let expected = HitTesting.hitTest(point, in: cards, offset: offset, camera: camera500)?.id
                #expect(s.scene.hitTest(point, with: s.controller) == expected, "\(kind) at \(x), \(y)")
                if expected != nil { hits += 1 }
                if HitTesting.hitTest(point, in: cards, offset: offset, camera: camera1500)?.id != expected { differing += 1 }
            }
        }
        #expect(hits > 100, "\(kind): the grid of points meets cards")
        #expect(differing > 0, "\(kind): the eye distance changes what is under some point")
    }

    @Test("the distance is written with the layout and read back")
    func stateRoundTrip() throws {
        let dir = try TemporaryFolder("cardviewer-camera")
        defer { dir.remove() }
        let path = dir.path("state.json")
        var saved = SavedLayout(name: "cylinder", options: ["tilt": 0.5])
        saved.cameraDistance = 500
        let deck = Deck(syntheticCount: 4)
        try DeckStore(path: path).save(deck, layout: saved)
        let text = String(decoding: try FileBytes.readAll(path, maximumSize: .max), as: UTF8.self)
        #expect(text.contains(#""cameraDistance" : 500.0"#), "\(text)")
        guard case .restored(let restored, let layout) = try DeckStore(path: path).load() else {
            Issue.record("not restored")
            return
        }
        #expect(restored == deck && layout == saved)
        // A file from before the option has none: nil, the default applies.
        let old = #"{"cards": [], "deleted": [], "layout": {"name": "wheel", "options": {}}, "nextID": 0, "version": 1}"#
        let parsed = try Array(old.utf8).withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
        #expect(parsed.layout?.cameraDistance == nil)
        // Not a number: a syntax error, as for any field of the wrong type.
        let bad = #"{"cards": [], "deleted": [], "layout": {"cameraDistance": "far", "name": "wheel"}, "nextID": 0, "version": 1}"#
        #expect(throws: (any Error).self) { try Array(bad.utf8).withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) } }
    }

    /// A layout file whose cards fade with the scroll's speed: alpha = 1 − min(|v|, 9)/10.
    static let fading = """
        { "name": "speed-fade", "summary": "fades with v", "itemWidth": 200,
          "transform": [ { "translate": ["o * w", 0, 0] } ],
          "alpha": "1 - min(abs(v), 9) / 10" }
        """

    @Test("a layout file's v is the physics' velocity over w during a fling, 0 at rest")
    func velocityDuringAFling() throws {
        let file = try LayoutFile(bytes: Array(Self.fading.utf8), file: "speed-fade.json", warn: { _ in })
        try LayoutRegistry.shared.replace(file.descriptor)
        let kind = try #require(LayoutKind(rawValue: "speed-fade"))
        let s = session(kind, eyeDistance: 1500, cards: 200)
        var checked = 0, fastest = 0.0
        try play(script([#"{"time": 0.1, "type": "drag", "x": 1000, "y": 400, "toX": 600, "toY": 400, "duration": 0.08}"#],
                        end: 6), into: s) { _ in
            let v = s.scene.physics.velocity.x / 200
            let expected = 1 - min(abs(v), 9) / 10
            guard let card = s.frameCards.first(where: { !$0.isHidden }) else { return }
            #expect(abs(card.alpha - expected) < 1e-9, "v = \(v): alpha \(card.alpha)")
            fastest = max(fastest, abs(v))
            checked += 1
        }
        #expect(checked > 30)
        #expect(fastest > 2, "the fling moved faster than 2 cards a second (\(fastest))")
        #expect(!s.needsFrames && s.scene.physics.velocity == .zero)
        #expect(s.frameCards.filter { !$0.isHidden }.allSatisfy { $0.alpha == 1 }, "at rest v = 0")
    }
}
