import CardEvents
import CardImaging
import CardLayout
import CardMath
import CardPixels
import CardRendering
import CardTestSupport
import CardViewerCore
@testable import CardViewerFrame
import Foundation

/// A viewer on a folder of flat-colored PNGs (picture `i` in `PictureFolderReplayTests.color(i)`),
/// drawn offscreen (EGL) and driven frame by frame on its own clock at 30 frames a second: the
/// set-up of the tests that watch the picture pipeline over many frames (pools growing and
/// shrinking). The folder goes, and the pipeline's workers stop, with the value.
final class OffscreenFolderViewer {
    let folder: TemporaryFolder
    let gpu: EGLOffscreenContext
    let viewer: AssembledViewer
    /// The window's size, points (one pixel per point).
    let viewport: Size
    /// The clock, seconds.
    private(set) var time = 0.0

    var session: ViewerSession { viewer.session }
    var pictures: ViewerPictures { viewer.pictures }
    var frame: ViewerFrameRenderer { viewer.frame }

    /// `count` pictures of `pictureSize` pixels (160 × 120 unless given) named by `name`, and
    /// `files` (name, bytes) as given, in `layout`, without the thumbnail cache.
    init(pictures count: Int, name: (Int) -> String, files: [(name: String, bytes: [UInt8])] = [], layout: LayoutKind,
         viewport: Size, pictureSize: PixelSize = PixelSize(width: 160, height: 120)) throws {
        folder = try TemporaryFolder("cardviewer-e2e")
        for index in 0..<count {
            let c = PictureFolderReplayTests.color(index)
            try PNGCodec.write(RGBAImage(width: pictureSize.width, height: pictureSize.height, fill: (c.r, c.g, c.b, 255)),
                               to: folder.path(name(index)))
        }
        for file in files { try Data(file.bytes).write(to: URL(fileURLWithPath: folder.path(file.name))) }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: layout)
        builder.pictures.thumbnailCache = .off
        let loaded = try builder.loadDeck()
        self.viewport = viewport
        gpu = try EGLOffscreenContext(size: PixelSize(width: Int(viewport.width), height: Int(viewport.height)))
        viewer = try builder.build(loaded, on: gpu, viewport: viewport)
    }

    deinit { viewer.pictures.shutdown() }

    /// Draws `seconds` of frames, each after the session advanced and the pipeline updated.
    func frames(for seconds: Double) throws {
        let end = time + seconds
        while time < end {
            time += 1.0 / 30
            session.advance(to: time)
            try pictures.update()
            _ = try frame.draw()
        }
    }

    /// Presses and releases `key` now.
    func press(_ key: Key, modifiers: KeyModifiers = []) {
        session.handle(.key(KeyEvent(key: key, isDown: true, time: time, modifiers: modifiers)))
        session.handle(.key(KeyEvent(key: key, isDown: false, time: time + 0.01, modifiers: modifiers)))
    }
}
