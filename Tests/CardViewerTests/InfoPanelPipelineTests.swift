import CardEvents
import CardFormatSamples
import CardLayout
import CardMath
import CardPictureDecoding
import CardPictureFolders
import CardTestSupport
import CardViewerCore
@testable import CardViewerFrame
import Foundation
import Testing

/// The info panel's EXIF camera settings (SPEC §13, `I`) through the real picture pipeline, drawn
/// offscreen: read in the background when the panel asks, the window kept waking while the read
/// runs, and the lines shown at rest without another event.
@Suite("the info panel's camera settings through the picture pipeline (offscreen)")
struct InfoPanelPipelineTests {
    /// A file reader held until `release()`: the read is in flight for as long as the test wants.
    final class HeldReader: @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var names: [String] = []
        func read(_ path: String, _ name: String) -> CameraSettings? {
            lock.withLock { names.append(name) }
            gate.wait()
            return ExifCameraSettings.read(path: path, name: name)
        }
    }

    func infoLines(_ session: ViewerSession) -> [String]? {
        session.overlayPanels.first { $0.placement == .topRight && $0.lines.count > 1 }?.lines
    }

    @Test("a JPEG with EXIF: Enter, I; the settings are read off the frame thread and shown without an event")
    func cameraSettingsArrive() throws {
        let harness = try OffscreenFolderViewer(pictures: 0, name: { "\($0).png" }, files: [("01-camera.jpg", ExifCameraSample.jpeg())],
                                                layout: .grid, viewport: Size(width: 640, height: 400))
        let reader = HeldReader()
        harness.pictures.cameraReads = CameraSettingsReads { reader.read($0, $1) }
        defer { reader.gate.signal() }
        try harness.frames(for: 0.5)
        harness.press(.enter)
        try harness.frames(for: 1.0)
        #expect(harness.session.photoCard != nil)
        #expect(reader.lock.withLock { reader.names }.isEmpty)  // the panel is hidden: nothing read
        harness.press(.character("i"))
        try harness.frames(for: 0.2)
        let before = try #require(infoLines(harness.session))
        #expect(before.first == "01-camera.jpg")
        #expect(before.count == 3)  // name, sizes, marks: the settings are being read
        // The queue has started the read (it waits at the gate).
        let start = Date()
        while reader.lock.withLock({ reader.names }).isEmpty, Date().timeIntervalSince(start) < 5 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(reader.lock.withLock { reader.names } == ["01-camera.jpg"])
        // While the read is in flight, the window keeps waking to look for it.
        #expect(harness.session.nextDeadline != nil)
        reader.gate.signal()
        harness.pictures.cameraReads.waitForReads()
        try harness.frames(for: 0.2)
        let lines = try #require(infoLines(harness.session))
        #expect(Array(lines.dropFirst(2)) == ["Canon EOS R5 | RF24-70mm F2.8 L IS USM", "1/250 s | f/2.8 | ISO 400 | 50 mm",
                                              "2024-05-01 12:34:56", "no marks"])
        #expect(lines[1].hasPrefix("1 / 1 | 32 x 24 | "))
        // Read once; nothing owed any more.
        #expect(reader.lock.withLock { reader.names } == ["01-camera.jpg"])
        #expect(!harness.pictures.cameraReadsOwed)
    }

    @Test("the reads' cache: bounded, a dropped picture's queued read skipped, a changed file read again")
    func readsCache() {
        final class Recorder: @unchecked Sendable {
            let gate = DispatchSemaphore(value: 0)
            let lock = NSLock()
            var names: [String] = []
            func read(_ name: String) -> CameraSettings? {
                lock.withLock { names.append(name) }
                if name == "0" { gate.wait() }
                return name == "none" ? nil : CameraSettings(camera: name)
            }
        }
        let recorder = Recorder()
        let reads = CameraSettingsReads(capacity: 2) { _, name in recorder.read(name) }
        #expect(reads.poll() == (false, false))
        #expect(reads.settings(of: 0, path: "/p/0", name: "0") == nil)
        let start = Date()
        while recorder.lock.withLock({ recorder.names }).isEmpty, Date().timeIntervalSince(start) < 5 { Thread.sleep(forTimeInterval: 0.01) }
        // Picture 0 is being read; 1, 2 and 3 queue behind it, 0 and 1 dropped from the two kept.
        for picture in 1...3 { #expect(reads.settings(of: picture, path: "/p/\(picture)", name: "\(picture)") == nil) }
        #expect(reads.poll() == (false, true))
        recorder.gate.signal()
        reads.waitForReads()
        #expect(recorder.lock.withLock { recorder.names } == ["0", "2", "3"])  // 1 was dropped before its turn
        #expect(reads.poll() == (true, false))
        #expect(reads.settings(of: 2, path: "/p/2", name: "2") == CameraSettings(camera: "2"))
        #expect(reads.settings(of: 3, path: "/p/3", name: "3") == CameraSettings(camera: "3"))
        #expect(reads.poll() == (false, false))  // known: nothing read again
        // Another file at index 3 (the catalog changed): read again.
        #expect(reads.settings(of: 3, path: "/q/3", name: "none") == nil)
        reads.waitForReads()
        #expect(reads.settings(of: 3, path: "/q/3", name: "none") == nil)
        #expect(reads.isRead(3, path: "/q/3"))
        #expect(!reads.isRead(3, path: "/p/3"))
        #expect(!reads.isRead(7, path: "/p/7"))
        #expect(recorder.lock.withLock { recorder.names } == ["0", "2", "3", "none"])
    }
}
