import ArgumentParser
import CardImaging
import CardLayout
import CardMath
import CardRendering
import Foundation

/// `cardviewer render`: one frame drawn headless (EGL, no display needed) into a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame headless (no display needed) to a PNG."
    )

    @OptionGroup var scene: SceneOptions
    @OptionGroup var rendering: RenderOptions

    @Option(help: "The PNG file to write.")
    var out: String

    /// Frames up to this many pixels are drawn with 4× multisampling; larger ones without, to
    /// keep memory in bounds (a 16k × 16k frame would need 8 GiB with 4 samples).
    static let multisampledPixelLimit = 4096 * 4096

    func validate() throws {
        guard !out.isEmpty else { throw ValidationError("--out needs a file name") }
    }

    func run() throws {
        try checkWritable(out)
        let deck = DefaultDeck.load()
        deck.reportWarnings()
        let viewport = scene.size.size
        let context = LayoutContext(viewport: viewport, cardCount: scene.cards?.value ?? deck.cardCount,
                                    offset: scene.offset.offset)
        let cards = scene.layout.makeLayout().visibleAttributes(in: context)
        let pixels = PixelSize(width: Int(viewport.width), height: Int(viewport.height))
        let samples = pixels.width * pixels.height <= Self.multisampledPixelLimit ? 4 : 1
        let image: RGBAImage
        do {
            let gpu = try EGLOffscreenContext(size: pixels, samples: samples)
            let renderer = try CardRenderer(context: gpu)
            try renderer.setImages(deck.images)
            try renderer.render(RenderFrame(cards: cards, camera: context.camera, offset: context.offset,
                                            ordering: rendering.order))
            gpu.present()
            image = try gpu.readPixels()
        } catch let error as RenderError {
            throw RuntimeFailure(error.description)
        }
        do {
            try PNGCodec.write(image, to: out)
        } catch let error as PNGError {
            throw RuntimeFailure(error.description)
        }
    }

    /// Fails early, before rendering, when `path` cannot be written: a missing or read-only
    /// folder, or a folder where the file should be.
    private func checkWritable(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw RuntimeFailure("cannot write PNG '\(path)': it is a directory")
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw RuntimeFailure("cannot write PNG '\(path)': no such directory '\(folder)'")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw RuntimeFailure("cannot write PNG '\(path)': directory '\(folder)' is not writable")
        }
    }
}
