import ArgumentParser
import CardFiles
import CardImaging
import CardMath
import CardPictureFolders
import CardPixels
import CardRendering
import CardViewerApp
import CardViewerCore
import CardViewerFrame
import Foundation

/// `cardviewer render`: one frame drawn headless (EGL, no display needed) into a PNG.
///
/// The frame is the viewer's own, assembled by `ViewerBuilder` as the window's is: a session at
/// the given layout, size and offset, drawn by its frame with the picture pipeline, after
/// waiting until the cards in view show their pictures, as `run --screenshot` does. So the README's gallery shows
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

    @Option(help: ArgumentHelp("The deck's order, as run's --sort: \(PictureSort.listed) (default: name).", valueName: "order"))
    var sort: PictureSort?

    /// The most cards a rendered deck has (the viewer's limit: the deck lives in memory).
    static let maximumCardCount = ViewerOptions.maximumCardCount
    /// How long the frame may wait for its pictures, seconds.
    static let pictureTimeout = 30.0

    func validate() throws {
        try FileOptions.checkPNGOutput("--out", out)
        if let count = scene.cards?.value, count > Self.maximumCardCount {
            throw ValidationError("--cards: at most \(Self.maximumCardCount) cards")
        }
        if scene.cards != nil, source.deckPaths != nil {
            throw ValidationError("--cards and --images cannot be combined (a folder deck has one card per image)")
        }
    }

    func run() throws {
        try FileOptions.checkWritable(out, what: "PNG")
        var builder = ViewerBuilder(deck: source.deckPaths.map { .paths($0, recursive: source.recursive) }
                                        ?? scene.cards.map { .synthetic(count: $0.value) } ?? .bundled,
                                    layout: scene.layout)
        builder.layoutOptions = scene.layoutOptions
        builder.eyeDistance = scene.camera.distance
        builder.ordering = rendering.order
        builder.offset = scene.offset.offset
        builder.sort = sort
        builder.pictures.thumbnailCache = source.thumbnailCache
        builder.pictures.limits = source.limits
        builder.pictures.embeddedPreviews = !source.noEmbeddedPreviews
        builder.warn = { printError("warning: \($0)") }
        let loaded: ViewerBuilder.LoadedDeck
        do {
            loaded = try builder.loadDeck()
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        }
        loaded.warnings.forEach(builder.warn)
        let viewport = scene.size.size
        let image: RGBAImage
        do {
            let gpu = try ViewerBuilder.offscreenSurface(size: viewport, scale: rendering.scale.value)
            let viewer = try builder.build(loaded, on: gpu, viewport: viewport)
            defer { viewer.shutdown() }
            viewer.session.advance(to: 0)
            guard try viewer.waitForPictures(timeout: Self.pictureTimeout) else {
                throw RuntimeFailure("pictures in view not shown after \(Int(Self.pictureTimeout)) s: "
                                     + viewer.pictures.missingFiles.prefix(5).joined(separator: ", "))
            }
            try viewer.waitForMarks()  // the culling marks from the sidecars, as run draws them
            gpu.present()
            image = try gpu.readPixels()
        } catch let error as RenderError {
            throw commandFailure(error)
        }
        do {
            try PNGCodec.write(image, to: out)
        } catch let error as PNGError {
            throw RuntimeFailure(error.description)
        }
    }
}
