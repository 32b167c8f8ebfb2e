import CardCulling
import CardMath
import CardPictureFolders
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// SPEC §13's info panel with the EXIF camera settings: their lines between the sizes and the
/// marks (each only when it has something), settings that arrive after the panel opened shown
/// without an event, and no details asked for while the panel is hidden.
@Suite struct InfoPanelCameraTests {
    static let settings = CameraSettings(camera: "Canon EOS R5", lens: "RF24-70mm F2.8 L IS USM", exposure: "1/250 s", aperture: "f/2.8",
                                         iso: "ISO 400", focalLength: "50 mm", captureTime: "2024-05-01 12:34:56")

    /// What the pipeline knows, changed by the test while the session runs (one thread).
    final class Pipeline: @unchecked Sendable {
        var settingsRead = false
        var asked = 0
    }

    /// Card i: `pi.jpg`, 4032 × 3024, 1.5 MB; its camera settings once `pipeline.settingsRead`.
    func session(_ pipeline: Pipeline) -> ViewerSession {
        let session = cullingSession(store: RecordingCullStore([:]))
        session.pictureDetails = { id in
            pipeline.asked += 1
            return PictureDetails(fileName: "p\(id.rawValue).jpg", byteCount: 1_500_000, pixelSize: PixelSize(width: 4032, height: 3024),
                                  camera: pipeline.settingsRead ? Self.settings : nil)
        }
        return session
    }

    func infoLines(_ session: ViewerSession) -> [String]? {
        session.overlayPanels.first { $0.placement == .topRight && $0.lines.count > 1 }?.lines
    }

    @Test("the camera lines sit between the sizes and the marks; settings read later show at the next frame")
    func arriving() throws {
        let pipeline = Pipeline()
        let session = session(pipeline)
        try play(script([cullKey("enter", at: 0.1)], end: 0.8), into: session)
        #expect(pipeline.asked == 0)  // the panel is hidden: nothing asked, nothing read
        try play(script([cullKey("i", at: 0.1)], end: 0.3), into: session)
        let zoom = try #require(session.photoZoomLabel)
        #expect(infoLines(session) == ["p0.jpg", "1 / 6 | 4032 x 3024 | 1.5 MB | \(zoom)", "no marks"])
        #expect(pipeline.asked > 0)
        // The background read finishes: frames alone (no event) bring the lines.
        pipeline.settingsRead = true
        try play(script([], end: 0.1), into: session)
        #expect(infoLines(session) == [
            "p0.jpg", "1 / 6 | 4032 x 3024 | 1.5 MB | \(zoom)", "Canon EOS R5 | RF24-70mm F2.8 L IS USM",
            "1/250 s | f/2.8 | ISO 400 | 50 mm", "2024-05-01 12:34:56", "no marks",
        ])
        // Hidden again: no more asking.
        try play(script([cullKey("i", at: 0.1)], end: 0.3), into: session)
        let asked = pipeline.asked
        try play(script([cullKey("space", at: 0.1)], end: 0.6), into: session)
        #expect(pipeline.asked == asked)
    }

    @Test("each camera line only when one of its fields is there")
    func partialLines() {
        func lines(_ camera: CameraSettings?) -> [String] {
            InfoPanel.lines(details: PictureDetails(fileName: "a.jpg", byteCount: 640, camera: camera), index: 0, count: 1, zoom: nil,
                            mark: .unmarked)
        }
        #expect(lines(nil) == ["a.jpg", "1 / 1 | 640 bytes", "no marks"])
        #expect(lines(CameraSettings()) == ["a.jpg", "1 / 1 | 640 bytes", "no marks"])
        #expect(lines(CameraSettings(iso: "ISO 100")) == ["a.jpg", "1 / 1 | 640 bytes", "ISO 100", "no marks"])
        #expect(lines(CameraSettings(lens: "XF35mmF1.4 R", captureTime: "2023-01-02 03:04:05"))
            == ["a.jpg", "1 / 1 | 640 bytes", "XF35mmF1.4 R", "2023-01-02 03:04:05", "no marks"])
        #expect(lines(CameraSettings(camera: "FUJIFILM X-T4", exposure: "2.5 s", focalLength: "35 mm"))
            == ["a.jpg", "1 / 1 | 640 bytes", "FUJIFILM X-T4", "2.5 s | 35 mm", "no marks"])
    }
}
