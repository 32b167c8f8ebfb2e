import CardCulling
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SPEC §13's info panel (`I` in the photo view): name, index, sizes, zoom and marks, through replays; it stays on across steps, says the zoom in place of the zoom label,
/// and does nothing in the layout view.
@Suite struct InfoPanelTests {
    /// Card i: `pi.jpg`, 4032 × 3024, i × 1.5 MB + 640 bytes.
    func session() -> ViewerSession {
        let store = RecordingCullStore(["/photos/p1.jpg": CullMark(stars: 3, flag: .picked, labels: [.red, .green])])
        let session = cullingSession(store: store)
        session.pictureDetails = { id in
            let index = Int(id.rawValue)
            return PictureDetails(fileName: "p\(index).jpg", byteCount: index * 1_500_000 + 640,
                                  pixelSize: PixelSize(width: 4032, height: 3024))
        }
        return session
    }

    func infoLines(_ session: ViewerSession) -> [String]? {
        session.overlayPanels.first { $0.placement == .topRight && $0.lines.count > 1 }?.lines
    }

    @Test("I in the photo view shows name, index, sizes, zoom and marks; Space steps it; I hides it")
    func showsAndSteps() throws {
        let session = session()
        try play(script([cullKey("i", at: 0.1)], end: 0.3), into: session)
        #expect(infoLines(session) == nil)  // the layout view has no info panel
        try play(script([cullKey("right", at: 0.1), cullKey("enter", at: 0.2), cullKey("i", at: 0.8)], end: 1.2), into: session)
        let lines = try #require(infoLines(session))
        #expect(lines[0] == "p1.jpg")
        let zoom = try #require(session.photoZoomLabel)
        #expect(lines[1] == "2 / 6 | 4032 x 3024 | 1.5 MB | \(zoom)")
        #expect(lines.last == "*** | picked | red, green")
        // The zoom label gives way to the panel in its corner.
        #expect(!session.overlayPanels.contains { $0.placement == .topRight && $0.lines == [zoom] })
        try play(script([cullKey("space", at: 0.1)], end: 0.6), into: session)
        let next = try #require(infoLines(session))
        #expect(next == ["p2.jpg", "3 / 6 | 4032 x 3024 | 3.0 MB | \(zoom)", "no marks"])
        try play(script([cullKey("i", at: 0.1)], end: 0.3), into: session)
        #expect(infoLines(session) == nil)
        #expect(session.overlayPanels.contains { $0.placement == .topRight && $0.lines == [zoom] })
    }

    @Test("a mark made with the panel open shows in it; the panel stays on across closing the photo view")
    func marksAndReopening() throws {
        let session = session()
        try play(script([cullKey("enter", at: 0.1), cullKey("i", at: 0.7), cullKey("4", at: 0.8)], end: 1.0), into: session)
        #expect(infoLines(session)?.last == "****")
        try play(script([cullKey("escape", at: 0.1)], end: 0.8), into: session)
        #expect(infoLines(session) == nil)
        try play(script([cullKey("enter", at: 0.1)], end: 0.8), into: session)
        #expect(infoLines(session)?.first == "p0.jpg")
    }

    @Test("sizes in decimal units; marks in words")
    func texts() {
        #expect(InfoPanel.byteText(640) == "640 bytes")
        #expect(InfoPanel.byteText(812_400) == "812 KB")
        #expect(InfoPanel.byteText(5_230_000) == "5.2 MB")
        #expect(InfoPanel.byteText(1_234_000_000) == "1234 MB")
        #expect(InfoPanel.markText(CullMark(stars: 2, flag: .rejected)) == "rejected")
        #expect(InfoPanel.markText(CullMark(flag: .picked)) == "picked")
        #expect(InfoPanel.markText(.unmarked) == "no marks")
        #expect(InfoPanel.lines(details: nil, index: 0, count: 1, zoom: nil, mark: .unmarked) == ["(no file)", "1 / 1", "no marks"])
    }
}

/// SPEC §13: in fullscreen the info panel is the only place the name shows, so it shows for a
/// second after opening and after each step; `I` during that second keeps it on.
@Suite struct InfoPanelFullscreenTests {
    func session(fullscreen: Bool) -> ViewerSession {
        let session = InfoPanelTests().session()
        session.isFullscreen = fullscreen
        return session
    }

    func infoLines(_ session: ViewerSession) -> [String]? { InfoPanelTests().infoLines(session) }

    @Test("fullscreen: the panel shows for a second after opening and after each step, then goes")
    func flashesAfterSteps() throws {
        let session = session(fullscreen: true)
        try play(script([cullKey("enter", at: 0.1)], end: 0.6), into: session)
        #expect(infoLines(session)?.first == "p0.jpg")
        try play(script([], end: 1.0), into: session)
        #expect(infoLines(session) == nil)
        #expect(session.nextDeadline == nil)  // nothing left to wake for
        try play(script([cullKey("space", at: 0.1)], end: 0.5), into: session)
        #expect(infoLines(session)?.first == "p1.jpg")
        let deadline = try #require(session.nextDeadline)
        #expect(abs(deadline - (session.time - 0.4 + InfoView.flashSeconds)) < 0.05)
        try play(script([], end: 1.0), into: session)
        #expect(infoLines(session) == nil)
    }

    @Test("I during the flash keeps the panel on; windowed, a step shows no panel")
    func keepsAndWindowed() throws {
        let session = session(fullscreen: true)
        try play(script([cullKey("enter", at: 0.1), cullKey("i", at: 0.5)], end: 2.5), into: session)
        #expect(infoLines(session)?.first == "p0.jpg")
        let windowed = self.session(fullscreen: false)
        try play(script([cullKey("enter", at: 0.1), cullKey("space", at: 0.8)], end: 1.0), into: windowed)
        #expect(infoLines(windowed) == nil)
    }
}
