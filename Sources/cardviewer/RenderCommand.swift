import ArgumentParser
import CardFiles
import CardImaging
import CardMath
import CardPixels
import CardRendering
import CardViewerApp
import CardViewerCore
import CardViewerFrame
import CardViewerPictures
import Foundation

/// `cardviewer render`: one frame drawn headless (EGL, no display needed) into a PNG.
///
/// The frame is the viewer's own: a `ViewerSession` at the given layout, size and offset, drawn
/// by `ViewerFrameRenderer` with the picture pipeline (`ViewerPictures`), after waiting until the
/// cards in view show their pictures, as `run --screenshot` does. So the README's gallery shows
/// what the viewer shows: pictures fitted or filled, titles of folder decks.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame headless (no display needed) to a PNG."
    )

    @OptionGroup var scene: SceneOptions
    @OptionGroup var rendering: RenderOptions

    @OptionGroup var source: PictureSourceOptions

    @Option(help: "The PNG file to write.")
    var out: String

    /// Frames up to this many pixels are drawn with 4× multisampling; larger ones without, to
    /// keep memory in bounds (a 16k × 16k frame would need 8 GiB with 4 samples).
    static let multisampledPixelLimit = 4096 * 4096
    /// The most cards a rendered deck has (the viewer's limit: the deck lives in memory).
    static let maximumCardCount = ViewerOptions.maximumCardCount
    /// How long the frame may wait for its pictures, seconds.
    static let pictureTimeout = 30.0

    func validate() throws {
        guard !out.isEmpty else { throw ValidationError("--out needs a file name") }
        if let count = scene.cards?.value, count > Self.maximumCardCount {
            throw ValidationError("--cards: at most \(Self.maximumCardCount) cards")
        }
        if scene.cards != nil, source.images != nil {
            throw ValidationError("--cards and --images cannot be combined (a folder deck has one card per image)")
        }
    }

    func run() throws {
        try checkWritable(out)
        let spec: DeckSpec = source.images.map { .folder(path: $0) } ?? scene.cards.map { .synthetic(count: $0.value) } ?? .bundled
        let catalog: DeckCatalog
        do {
            let listed = try DeckLoader.catalog(for: spec)
            for warning in listed.warnings { printError("warning: \(warning)") }
            catalog = listed.catalog
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        }
        let viewport = scene.size.size
        let session = ViewerSession(deck: catalog.freshDeck(),
                                    configuration: .init(layout: scene.layout, layoutOptions: scene.layoutOptions, viewport: viewport, ordering: rendering.order,
                                                         offset: scene.offset.offset, newCard: catalog.newCard))
        session.advance(to: 0)
        let pixels = PixelSize(width: Int(viewport.width), height: Int(viewport.height))
        let samples = pixels.width * pixels.height <= Self.multisampledPixelLimit ? 4 : 1
        let image: RGBAImage
        do {
            let gpu = try EGLOffscreenContext(size: pixels, samples: samples)
            let frame = ViewerFrameRenderer(renderer: try CardRenderer(context: gpu))
            var options = PictureOptions()
            options.thumbnailCache = source.thumbnailCache
            let pictures = try ViewerPictures(catalog: catalog, session: session, frame: frame, options: options,
                                              warn: { printError("warning: \($0)") })
            defer { pictures.shutdown() }
            let settled = try pictures.waitUntilSettled(timeout: Self.pictureTimeout) { _ = try frame.draw(session) }
            guard settled else {
                throw RuntimeFailure("pictures in view not shown after \(Int(Self.pictureTimeout)) s: "
                                     + pictures.missingFiles.prefix(5).joined(separator: ", "))
            }
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
        if let problem = OutputPath.problem(path) {
            throw RuntimeFailure("cannot write PNG '\(path)': \(OutputPath.reason(problem))")
        }
    }
}
