import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// Stepping through a burst keeps the zoom (SPEC §13): next and previous keep the zoom and the
/// point in view between pictures of one size, also when the next picture's size is known only
/// after the step; `Shift+Z` toggles the lock; `Z` is fit ↔ 100 % at the pointer; the tiles made
/// ahead follow the step's direction.
@Suite struct BurstZoomLockTests {
    func key(_ name: String, at time: Double, shift: Bool = false) -> String {
        #"{"time": \#(time), "type": "key", "key": "\#(name)"\#(shift ? #", "mods": ["shift"]"# : "")}"#
    }

    /// Cards 0–2 and 4 have 6000 × 4000 pictures (picture points), card 3 a 4000 × 6000 one;
    /// card 2's size is unknown until `known` holds it (a decode that has not landed).
    final class Sizes: @unchecked Sendable {
        var knowsCard2 = true
        func size(of id: CardID) -> Size? {
            if id.rawValue == 2, !knowsCard2 { return nil }
            return id.rawValue == 3 ? Size(width: 4000, height: 6000) : Size(width: 6000, height: 4000)
        }
    }

    func burstSession(_ sizes: Sizes) -> ViewerSession {
        let session = makeSession(.grid, cards: 6)
        session.pictureSize = { sizes.size(of: $0) }
        return session
    }

    @Test func nextKeepsTheZoomAndThePointBetweenPicturesOfOneSizeAndFitsAnother() throws {
        let sizes = Sizes()
        let session = burstSession(sizes)
        try play(script([key("enter", at: 0.1), key("1", at: 0.4), key("right", at: 0.45), key("down", at: 0.5)], end: 0.6),
                 into: session)
        let zoomed = try #require(session.photoGeometry)
        #expect(closeEnough(zoomed.scale, 1) && zoomed.isZoomed)
        #expect(session.photoTilesAheadCard == CardID(1))
        try play(script([key("space", at: 0.05)], end: 0.1), into: session)
        #expect(session.photoCard == CardID(1))
        let kept = try #require(session.photoGeometry)
        #expect(closeEnough(kept.scale, zoomed.scale) && closeEnough(kept.center, zoomed.center, absolute: 1e-9))
        // Card 2's size is not known yet: the zoom waits for it, then is taken.
        sizes.knowsCard2 = false
        try play(script([key("space", at: 0.05)], end: 0.1), into: session)
        #expect(session.photoCard == CardID(2))
        sizes.knowsCard2 = true
        session.prepareFrame()
        let late = try #require(session.photoGeometry)
        #expect(closeEnough(late.scale, zoomed.scale) && closeEnough(late.center, zoomed.center, absolute: 1e-9))
        // A portrait picture is not the same size: fitted.
        try play(script([key("space", at: 0.05)], end: 0.1), into: session)
        #expect(session.photoCard == CardID(3))
        let portrait = try #require(session.photoGeometry)
        #expect(!portrait.isZoomed && closeEnough(portrait.scale, portrait.fitScale))
        // Back, fitted: nothing to keep; the tiles ahead look backwards only while zoomed.
        #expect(session.photoTilesAheadCard == nil)
        try play(script([key("backspace", at: 0.05)], end: 0.1), into: session)
        #expect(session.photoCard == CardID(2) && session.photoGeometry?.isZoomed == false)
        try play(script([key("1", at: 0.05)], end: 0.1), into: session)
        #expect(session.photoTilesAheadCard == CardID(1))
    }

    @Test func shiftZTurnsTheLockOffAndOnAndSaysSo() throws {
        let session = burstSession(Sizes())
        try play(script([key("enter", at: 0.1), key("1", at: 0.4), key("z", at: 0.45, shift: true)], end: 0.5), into: session)
        #expect(!session.photoLocksZoom)
        #expect(session.messageText?.contains("fitted") == true)
        #expect(session.photoTilesAheadCard == nil)
        try play(script([key("space", at: 0.05)], end: 0.1), into: session)
        #expect(session.photoCard == CardID(1) && session.photoGeometry?.isZoomed == false)
        try play(script([key("1", at: 0.05), key("z", at: 0.1, shift: true), key("space", at: 0.15)], end: 0.2), into: session)
        #expect(session.photoLocksZoom)
        let stepped = try #require(session.photoGeometry)
        #expect(session.photoCard == CardID(2) && closeEnough(stepped.scale, 1))
    }

    @Test func zTogglesFitAndOneToOneAboutThePointer() throws {
        let session = burstSession(Sizes())
        let pointer = Vec2(300, 200)
        try play(script([key("enter", at: 0.1), #"{"time": 0.45, "type": "move", "x": 300, "y": 200}"#], end: 0.5), into: session)
        let fitted = try #require(session.photoGeometry)
        let q = fitted.picturePoint(at: pointer)
        try play(script([key("z", at: 0.05)], end: 0.1), into: session)
        let actual = try #require(session.photoGeometry)
        #expect(closeEnough(actual.scale, 1))
        #expect(closeEnough(actual.viewportPoint(of: q), pointer, absolute: 1e-6))
        try play(script([key("z", at: 0.05)], end: 0.1), into: session)
        let back = try #require(session.photoGeometry)
        #expect(!back.isZoomed && closeEnough(back.scale, back.fitScale))
    }

    @Test func adoptZoomNeedsTheSameSizeAndAZoomedView() {
        var zoomed = PhotoGeometry(picture: Size(width: 6000, height: 4000), viewport: testViewport)
        zoomed.zoom(to: 1, about: Vec2(100, 100))
        var same = PhotoGeometry(picture: Size(width: 6000, height: 4000), viewport: testViewport)
        let took = same.adoptZoom(of: zoomed)
        #expect(took && same == zoomed)
        var other = PhotoGeometry(picture: Size(width: 6000, height: 4001), viewport: testViewport)
        let otherTook = other.adoptZoom(of: zoomed)
        #expect(!otherTook && !other.isZoomed)
        // A fitted view has no zoom to give.
        var fitted = PhotoGeometry(picture: Size(width: 6000, height: 4000), viewport: testViewport)
        let fittedTook = fitted.adoptZoom(of: PhotoGeometry(picture: Size(width: 6000, height: 4000), viewport: testViewport))
        #expect(!fittedTook && !fitted.isZoomed)
    }
}
