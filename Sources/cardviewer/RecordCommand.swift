import ArgumentParser
import CardFiles
import CardImaging
import CardPictureDecoding
import CardPictureFolders
import CardPixels
import CardViewerApp
import CardViewerCore

/// `cardviewer record`: a replay played headless on its virtual clock, one frame every 1/fps s
/// written as an animated WebP, an animated GIF or a folder of numbered PNGs (SPEC §14 "Share a
/// layout"). Argument parsing here; the frames come from the replay loop (`ReplayFrameCapture`),
/// the files from `RecordOutput`.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a replay as an animation: animated WebP, GIF, or a folder of PNG frames (no display needed).",
        discussion: """
            Plays the --replay script headless on its virtual clock (60 frames per second) and writes one frame every \
            1/fps seconds: frame k is what `run --headless --replay FILE --screenshot` shows for the script ending at \
            k/fps s (the cards in view wait for their pictures). --out by its name: NAME.webp (lossy, quality 90; \
            --lossless for exact pixels), NAME.gif (a 256-colour palette per frame, median cut), NAME.png (the numbered \
            PNGs NAME-0001.png, NAME-0002.png, … beside it) or DIR/ (a folder, made if missing: frame-0001.png, …). \
            No state is read or saved.
            """
    )

    @OptionGroup var scene: SceneOptions
    @OptionGroup var rendering: RenderOptions
    @OptionGroup var source: PictureSourceOptions

    @Option(help: "The JSON script of timestamped input to play (docs/formats/replay.md).")
    var replay: String

    @Option(help: "Where to write: NAME.webp, NAME.gif, NAME.png (NAME-0001.png…), or DIR/ (a folder of frame-0001.png…).")
    var out: String

    @Option(help: "Frames per second written: a divisor of the replay's 60 (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60).")
    var fps = 30

    @Option(help: "The first frame's time, seconds (default 0).")
    var from: Double?

    @Option(help: "The last frame's time, seconds (default: the script's end).")
    var to: Double?

    @Flag(help: "WebP only: lossless (exact pixels, a larger file) instead of quality 90.")
    var lossless = false

    @Option(help: ArgumentHelp("The deck's order, as run's --sort: \(PictureSort.listed) (default: name).", valueName: "order"))
    var sort: PictureSort?

    func validate() throws {
        guard fps >= 1, fps <= 60, 60 % fps == 0 else {
            throw ValidationError("--fps must divide 60 (the replay's clock): 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60, not \(fps)")
        }
        if let from, !(from.isFinite && from >= 0 && from <= 3600) { throw ValidationError("--from must be 0 … 3600 seconds") }
        if let to, !(to.isFinite && to >= 0 && to <= 3600) { throw ValidationError("--to must be 0 … 3600 seconds") }
        if let from, let to, to < from { throw ValidationError("--to (\(to)) is before --from (\(from))") }
        let kind = try RecordOutput.Kind(out)
        if lossless, kind != .webp { throw ValidationError("--lossless is for WebP output (NAME.webp)") }
        if kind == .folder {
            try FileOptions.checkFolder("--out", out)
        } else {
            try FileOptions.checkOutput("--out", out)
        }
        try FileOptions.checkInput("--replay", replay)
        if let count = scene.cards?.value, count > ViewerOptions.maximumCardCount {
            throw ValidationError("--cards: the viewer shows at most \(ViewerOptions.maximumCardCount) cards")
        }
    }

    func run() throws {
        let kind = try RecordOutput.Kind(out)
        if kind != .folder { try FileOptions.checkWritable(out, what: kind.what) }
        let size = scene.size.size
        let output = try RecordOutput(kind: kind, path: out, width: Int(size.width), height: Int(size.height),
                                      fps: fps, lossless: lossless)
        var options = ViewerOptions()
        options.layout = scene.layout
        options.layoutOptions = scene.layoutOptions
        options.layoutNamedByUser = true
        options.eyeDistance = scene.camera.distance
        options.layoutFile = scene.layoutFile.map(LayoutFileArgument.absolute)
        options.cardCount = scene.cards?.value
        options.size = size
        options.offset = scene.offset.offset
        options.offsetNamedByUser = true
        options.ordering = rendering.order
        options.sort = sort
        options.paths = source.deckPaths
        options.recursive = source.recursive
        options.keepsState = false  // the same frames whatever a window left in the state
        options.replayPath = replay
        options.headless = true
        options.pictures.thumbnailCache = source.thumbnailCache
        options.pictures.limits = source.limits
        options.pictures.embeddedPreviews = !source.noEmbeddedPreviews
        options.capture = ReplayFrameCapture(every: 60 / fps, from: from ?? 0, to: to) { index, _, image in
            try output.add(image, index: index)
        }
        do {
            try ViewerProgram.run(options, report: { print(TerminalText.escaped($0, keepingNewlines: true)) },
                                  warn: { printError("warning: \($0)") })
            let count = try output.finish()
            print("record: \(count) frames at \(fps) fps to '\(PathBytes.displayed(out))'")
        } catch ViewerFailure.badInput(let message) {
            throw ValidationError(message)
        } catch ViewerFailure.runtime(let message) {
            throw RuntimeFailure(message)
        } catch let error as AnimationError {
            throw RuntimeFailure("cannot write '\(out)': \(error.description)")
        } catch let error as PNGError {
            throw RuntimeFailure(error.description)
        } catch let error as FileWriteError {
            throw RuntimeFailure(error.description)
        }
    }
}
