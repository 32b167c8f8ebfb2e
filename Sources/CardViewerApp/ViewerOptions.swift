import CardCulling
import CardRendering
import CardLayout
import CardMath
import CardPacking
import CardPictureFolders
import CardViewerCore
import CardViewerFrame

/// What `cardviewer run` was asked to do (parsed by the command line, checked by `ViewerProgram`).
public struct ViewerOptions: Sendable {
    public var layout: LayoutKind = .pages
    /// The layout's option values (`--set`); `nil`: its defaults.
    public var layoutOptions: LayoutOptionValues?
    /// False when `--layout` was not given: a restored state's layout is shown.
    public var layoutNamedByUser = true
    /// `--camera-distance`: the shared camera's eye distance, points; `nil`: the state's, else 1500.
    public var eyeDistance: Double?
    /// `--layout-file FILE`, absolute: its layout (already registered) is `layout`; the window
    /// reloads it when it is saved, and the state remembers it.
    public var layoutFile: String?
    /// `--cards N`: a synthetic deck of N cards.
    public var cardCount: Int?
    /// `cardviewer PATH…` (and `--images DIR`, its alias): folders and PNG/JPEG files as one
    /// deck (only ever read); `nil`: the bundled deck or `--cards N`.
    public var paths: [String]?
    /// Whether a single picture PATH is handed to a window already showing its folder
    /// (`SingleInstance.claim`): for a command line of PATHs alone, as the desktop runs it, or
    /// with `--size` (`SingleInstance.handsOver(arguments:)`); with any other option this command
    /// opens its own window.
    public var handsOver = true
    /// `-r`: the PATHs' subfolders too.
    public var recursive = false
    /// `--images DIR` as it was: the deck of one folder (the first PATH).
    public var imagesDirectory: String? {
        get { paths?.first }
        set { paths = newValue.map { [$0] } }
    }
    /// `--state FILE`: where the deck's state is saved and restored from. Without it a deck of
    /// PATHs keeps its state in `DeckStateLocation` (`$XDG_STATE_HOME/cardviewer/`).
    public var statePath: String?
    /// False with `--no-state`: nothing restored, nothing saved.
    public var keepsState = true
    /// True when `--offset` was given: it wins over the state's scroll position.
    public var offsetNamedByUser = true
    public var ordering: RenderOrdering = .depth
    /// `--pick-label COLOUR`: the colour label a pick adds (`[]`: none); `nil`: the state's, else
    /// green (SPEC §10).
    public var pickLabel: ColorLabels?
    /// `--sort name|time|rating|size`: the deck's order; `nil`: the state's, else by name
    /// (`ViewerBuilder.sort`).
    public var sort: PictureSort?
    /// `--auto-advance`: every culling mark moves on to the next card.
    public var autoAdvance = false
    /// The window's size (or the offscreen frame's), points.
    public var size = Size(width: 1280, height: 800)
    /// `--scale S`: an offscreen frame's pixels per point (a simulated HiDPI scale: its
    /// framebuffer is `size` × S pixels, the layout in `size` points). A window takes its
    /// screen's scale (GLFW's content scale) instead.
    public var scale = 1.0
    /// The scroll offset to start at, content points.
    public var offset: Vec2 = .zero
    /// `--replay FILE`: a script of timestamped input, played on a virtual clock.
    public var replayPath: String?
    /// `--screenshot FILE`: the last frame, written when the viewer ends.
    public var screenshotPath: String?
    /// `--screenshot-dir DIR`: where S saves screenshots (default: the current folder).
    public var screenshotDirectory: String?
    /// `--log-frames FILE`: one line per presented frame, written when the viewer ends
    /// (`FrameLog`, docs/formats/frame-log.md).
    public var frameLogPath: String?
    /// `--headless`: draw offscreen (EGL) without a window; needs a replay.
    public var headless = false
    /// `cardviewer record`: the replay's frames to hand out as they are drawn.
    public var capture: ReplayFrameCapture?
    /// `--allocation-report`: a debug check; writes heap allocations per warm frame at the end.
    public var allocationReport = false
    /// The picture pipeline: `--thumbnail-cache`, and the hidden `--picture-layers`.
    public var pictures = PictureOptions()
    /// How long `waitForPictures` (and `--screenshot`) wait for the pictures in view, seconds;
    /// past it the viewer fails naming the missing files (status 1).
    public var pictureWaitTimeout = 30.0

    /// Decks larger than this are refused: every card of the viewer's deck has a title and an
    /// id lookup (about 100 bytes each), unlike `render`, which lays out only what it draws.
    public static let maximumCardCount = 5_000_000

    public init() {}
}

/// Why the viewer stopped with an error: bad input (exit status 2) or a failure at run time
/// (exit status 1). One line.
public enum ViewerFailure: Error, CustomStringConvertible, Equatable {
    case badInput(String)
    case runtime(String)

    public var description: String {
        switch self {
        case .badInput(let message), .runtime(let message): message
        }
    }

    /// A rendering failure: bad input when the frame (`--size`, a replay's `resize`) is beyond
    /// the OpenGL driver's size limits, a failure at run time otherwise.
    init(_ error: RenderError) {
        if case .beyondDriverLimit = error {
            self = .badInput("--size: \(error.description)")
        } else {
            self = .runtime(error.description)
        }
    }
}
