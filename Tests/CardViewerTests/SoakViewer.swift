import CardEvents
import CardImaging
import CardMath
import CardPacking
import CardPixels
import CardRendering
import CardTestSupport
@testable import CardViewerCore
@testable import CardViewerFrame
import Foundation

/// A viewer on a temporary folder of small PNGs, drawn offscreen (EGL, llvmpipe) frame by frame
/// on its own clock at 30 frames a second, driven by `SoakEvent`s the way the window's loop
/// drives a session (`WindowLoop`): events into the session, the session advanced, `F`/`F11`
/// toggling a "fullscreen" of 1920 × 1080 and back to the window's last size, the framebuffer
/// following the viewport, the pictures updated, the frame drawn (`ViewerFrameRenderer`, the
/// one frame function the window uses). Sidecars are written into the folder; nothing outside it
/// is touched (no thumbnail cache, no state file). The folder goes, and the workers stop, with
/// the value.
final class SoakViewer {
    let folder: TemporaryFolder
    let gpu: EGLOffscreenContext
    let viewer: AssembledViewer
    /// The clock, seconds.
    private(set) var time = 0.0
    /// The window's size when not fullscreen, points.
    private(set) var windowed: Size
    private(set) var fullscreen = false
    /// The fullscreen size, points.
    static let screen = Size(width: 1920, height: 1080)
    /// The frame rate, frames per second.
    static let rate = 30.0

    var session: ViewerSession { viewer.session }
    var pictures: ViewerPictures { viewer.pictures }
    var frame: ViewerFrameRenderer { viewer.frame }
    var viewport: Size { session.viewport }

    /// Framebuffer pixels per point: below 1 the frames cost llvmpipe less (the soak checks
    /// records and the title atlas, not the frame's pixels); a HiDPI window has 2.
    let pixelScale: Double

    /// `names.count` pictures of 96 × 64 pixels, flat colours, in the grid at `size` (points), the
    /// framebuffer `pixelScale` pixels a point, single-sampled.
    init(names: [String], size: Size, pixelScale: Double = 1) throws {
        self.pixelScale = pixelScale
        folder = try TemporaryFolder("cardviewer-soak")
        for (index, name) in names.enumerated() {
            let c = PictureFolderReplayTests.color(index)
            try PNGCodec.write(RGBAImage(width: 96, height: 64, fill: (c.r, c.g, c.b, 255)), to: folder.path(name))
        }
        var builder = ViewerBuilder(deck: .folder(path: folder.path), layout: .grid)
        builder.pictures.thumbnailCache = .off
        let loaded = try builder.loadDeck()
        windowed = size
        gpu = try EGLOffscreenContext(size: Self.pixels(size, pixelScale))
        viewer = try builder.build(loaded, on: gpu, viewport: size)
    }

    deinit { viewer.pictures.shutdown() }

    /// One frame: the session advanced by a frame, a fullscreen asked for done (as the window
    /// does: its resize arrives), the framebuffer brought to the viewport, the pictures updated,
    /// the frame drawn.
    func step() throws {
        time += 1 / Self.rate
        session.advance(to: time)
        if session.takeFullscreenRequests() % 2 == 1 {
            fullscreen.toggle()
            session.isFullscreen = fullscreen
            session.handle(.resize(fullscreen ? Self.screen : windowed, time: time))
        }
        try matchViewport()
        try pictures.update()
        try frame.draw()
        frames += 1
    }

    /// True while cards move: an animation, the scroll, a view's own motion (not a message
    /// fading, which `ViewerSession.needsFrames` also counts).
    var moving: Bool {
        let scene = session.scene
        return scene.animator.isAnimating || !scene.physics.isSettled || session.views.contains { $0.needsFrames }
    }

    /// Frames until nothing moves (at most `seconds`), and one more.
    func rest(atMost seconds: Double = 3) throws {
        let end = time + seconds
        repeat { try step() } while moving && time < end
    }

    /// Frames drawn so far.
    private(set) var frames = 0

    /// Puts `event` into the session now.
    func apply(_ event: SoakEvent) {
        func point(_ x: Double, _ y: Double) -> Vec2 { Vec2(x * viewport.width, y * viewport.height) }
        func click(_ at: Vec2, _ mods: KeyModifiers, _ t: Double) {
            session.handle(.pointer(PointerEvent(.down, position: at, time: t, modifiers: mods)))
            session.handle(.pointer(PointerEvent(.up, position: at, time: t + 0.03, modifiers: mods)))
        }
        switch event {
        case .key(let key, let mods):
            session.handle(.key(KeyEvent(key: key, isDown: true, time: time, modifiers: mods)))
            session.handle(.key(KeyEvent(key: key, isDown: false, time: time + 0.01, modifiers: mods)))
        case .click(let x, let y, let mods):
            click(point(x, y), mods, time)
        case .doubleClick(let x, let y):
            click(point(x, y), [], time)
            click(point(x, y), [], time + 0.08)
        case .wheel(let x, let y, let dy, let precise):
            session.handle(.pointer(PointerEvent(.move, position: point(x, y), time: time)))
            session.handle(.scroll(ScrollEvent(delta: Vec2(0, precise ? dy * 30 : dy), time: time, isPrecise: precise)))
        case .resize(let width, let height):
            let size = Size(width: Double(width), height: Double(height))
            if fullscreen {
                // A fullscreen window is not resized; the size is the one it comes back to.
                windowed = size
            } else {
                windowed = size
                session.handle(.resize(size, time: time))
            }
        }
    }

    /// Brings the offscreen framebuffer to the session's viewport (as a replay's surface does).
    private func matchViewport() throws {
        let pixels = Self.pixels(viewport, pixelScale)
        guard !pixels.isEmpty, pixels != gpu.drawableSize else { return }
        try gpu.resize(to: pixels, samples: 1)
    }

    /// The framebuffer for `size` points at `scale` pixels a point.
    private static func pixels(_ size: Size, _ scale: Double) -> PixelSize {
        PixelSize(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
    }
}
