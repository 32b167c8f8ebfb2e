import ArgumentParser
import CardCulling
import CardPictureDecoding
import CardPictureFolders
import CardViewerApp
import CardViewerCore

/// `cardviewer run` (the default): the interactive viewer in a window. Keys and gestures are in
/// the README and on screen (?). Argument parsing only; `ViewerProgram` does the rest.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open a window with a deck of cards (needs a display; see `render` otherwise).",
        discussion: """
            Keys (the help, ?, shows each view's on screen): 1-9 and 0 switch layouts (cardviewer layouts lists them; \
            in a deck of pictures Alt+1..Alt+0, as the digits mark there: 0-5 stars, 6-9 colour labels); \
            \(ViewerSession.layoutKeySummary). \
            In the photo view (a card opened whole): \(ViewerSession.photoViewKeySummary). \
            Mouse: drag (with inertia), wheel, click = tap (a click while the content moves only \
            stops it), press and hold = long press. \
            --replay FILE plays a JSON script of timestamped input (docs/formats/replay.md) on a virtual \
            clock and exits at its end; with --headless (or without a display) it draws offscreen.
            """
    )

    @OptionGroup var scene: SceneOptions
    @OptionGroup var rendering: RenderOptions

    @OptionGroup var source: PictureSourceOptions

    @Option(name: .customLong("picture-layers"),
            help: ArgumentHelp("Debug: the card tier's texture layers (default: sized from the window).", visibility: .hidden))
    var pictureLayers: Int?

    @Option(help: """
        A JSON file that keeps the deck, its layout, options, scroll position and current card (saved after each change \
        and at rest, restored at start). Default for a deck of PATHs: one file per deck in $XDG_STATE_HOME/cardviewer/.
        """)
    var state: String?

    @Flag(name: .customLong("no-state"), help: "Keep no state: start fresh and save nothing.")
    var noState = false

    @Option(help: "A JSON script of timestamped input to play, then exit (docs/formats/replay.md).")
    var replay: String?

    @Option(help: "Write the last frame to this PNG file when the viewer ends.")
    var screenshot: String?

    @Option(name: .customLong("screenshot-dir"), help: "Where S saves screenshots (default: the current folder).")
    var screenshotDirectory: String?

    @Option(name: .customLong("log-frames"),
            help: "Write one line per presented frame to this file when the viewer ends: seconds since start, cards in view, cards showing their final picture, the open card's index or none (docs/formats/frame-log.md).")
    var logFrames: String?

    @Option(name: .customLong("pick-label"),
            help: "The colour label a pick also sets, so that darktable finds the picks: red, yellow, green (default) or blue; none for no label. Saved with the state.")
    var pickLabel: String?

    @Option(help: ArgumentHelp("""
        The deck's order: \(PictureSort.listed) (capture time from EXIF, else the file's time; stars descending, \
        rejects last; file size descending; ties in name order). Saved with the state; default: the state's, else name.
        """, valueName: "order"))
    var sort: PictureSort?

    @Flag(name: .customLong("auto-advance"), help: "Every culling mark moves on to the next picture (as Caps Lock does).")
    var autoAdvance = false

    @Flag(help: "Draw offscreen (EGL) without a window; needs --replay.")
    var headless = false

    @Flag(name: .customLong("allocation-report"),
          help: ArgumentHelp("Debug check: report heap allocations per frame once warm, at the end.", visibility: .hidden))
    var allocationReport = false

    func validate() throws {
        if let layers = pictureLayers, layers < 1 || layers > 4096 {
            throw ValidationError("--picture-layers must be between 1 and 4096")
        }
        if noState, state != nil { throw ValidationError("--state and --no-state cannot be combined") }
        if rendering.scale.value != 1, !headless {
            throw ValidationError("--scale needs --headless (a window takes its screen's scale)")
        }
        try FileOptions.checkPNGOutput("--screenshot", screenshot)  // its folder, a FIFO… first, then the name
        if let pickLabel, Self.pickLabel(named: pickLabel) == nil {
            throw ValidationError("--pick-label must be red, yellow, green, blue or none, not '\(pickLabel)'")
        }
        if let count = scene.cards?.value, count > ViewerOptions.maximumCardCount {
            throw ValidationError("--cards: the viewer shows at most \(ViewerOptions.maximumCardCount) cards (layout and bench take more)")
        }
    }

    /// The label `--pick-label` names (red, yellow, green, blue, none), nil for another word.
    static func pickLabel(named name: String) -> ColorLabels? {
        guard let label = ColorLabels(name: name), label != .purple else { return nil }
        return label
    }

    func run() throws {
        var options = ViewerOptions()
        options.layout = scene.layout
        options.layoutOptions = scene.layoutOptions
        options.layoutNamedByUser = scene.chosenLayout != nil || scene.layoutFile != nil
        options.eyeDistance = scene.camera.distance
        options.layoutFile = scene.layoutFile.map(LayoutFileArgument.absolute)
        options.cardCount = scene.cards?.value
        options.size = scene.size.size
        options.scale = rendering.scale.value
        options.offset = scene.offset.offset
        options.offsetNamedByUser = scene.givenOffset != nil
        options.ordering = rendering.order
        options.pickLabel = pickLabel.flatMap(Self.pickLabel(named:))
        options.autoAdvance = autoAdvance
        options.sort = sort
        options.paths = source.deckPaths
        options.handsOver = SingleInstance.handsOver(arguments: PathRuns.arguments)
        options.recursive = source.recursive
        options.statePath = state
        options.keepsState = !noState
        options.replayPath = replay
        options.screenshotPath = screenshot
        options.screenshotDirectory = screenshotDirectory
        options.frameLogPath = logFrames
        options.headless = headless
        options.allocationReport = allocationReport
        options.pictures.thumbnailCache = source.thumbnailCache
        options.pictures.limits = source.limits
        options.pictures.embeddedPreviews = !source.noEmbeddedPreviews
        options.pictures.cardLayers = pictureLayers
        do {
            try ViewerProgram.run(options, report: { print(TerminalText.escaped($0, keepingNewlines: true)) }, warn: { printError("warning: \($0)") })
        } catch ViewerFailure.badInput(let message) {
            throw ValidationError(message)
        } catch ViewerFailure.runtime(let message) {
            throw RuntimeFailure(message)
        }
    }
}
