import ArgumentParser
import CardLayout
import CardMath
import CardViewerCore

/// `--layout NAME`: any layout in the registry, the built-in ones and those registered at run
/// time; `--help` and errors list them all.
extension LayoutKind: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    public static var allValueStrings: [String] { LayoutRegistry.shared.names }

    public var defaultValueDescription: String { name }
}

/// A viewport size given as `WxH` points, e.g. `1280x800`, within `ViewportLimits` (8192 points
/// a side, 32 MP in all).
struct ViewportSize: ExpressibleByArgument, Sendable {
    var size: Size

    init?(argument: String) {
        guard case .success(let size) = Self.parse(argument) else { return nil }
        self.size = size
    }

    /// The size `argument` names, or why it is refused (one line naming the limit it passes).
    static func parse(_ argument: String) -> Result<Size, Refusal> {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
            return .failure(Refusal(description: "expected WxH in whole points from 1 to \(ViewportLimits.maximumSide), e.g. 1280x800"))
        }
        if let refusal = ViewportLimits.refusal(width: w, height: h) { return .failure(Refusal(description: refusal)) }
        return .success(Size(width: Double(w), height: Double(h)))
    }

    /// Why a `--size` value is refused.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// A scroll offset given as `Y` or `X,Y` points; finite numbers only.
struct ScrollOffset: ExpressibleByArgument, Sendable {
    var offset: Vec2

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.filter { $0 != " " })
        }
        switch parts.count {
        case 1: guard let y = parts[0], y.isFinite else { return nil }; offset = Vec2(0, y)
        case 2: guard let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else { return nil }; offset = Vec2(x, y)
        default: return nil
        }
    }

    var defaultValueDescription: String { offset.x == 0 ? "\(offset.y)" : "\(offset.x),\(offset.y)" }
}

/// A card count: a whole number ≥ 0.
struct CardCount: ExpressibleByArgument, Sendable {
    var value: Int

    init?(argument: String) {
        guard let n = Int(argument), n >= 0, n <= 100_000_000 else { return nil }
        value = n
    }
}

/// What a frame shows: which layout, how many cards, the viewport and the scroll offset.
/// Shared by `render`, `layout` and the other commands that lay out one frame.
struct SceneOptions: ParsableArguments {
    @Option(name: .customLong("layout"),
            help: ArgumentHelp("The layout (default: pages; cardviewer layouts lists them with their options).", valueName: "name"))
    var chosenLayout: LayoutKind?

    @Option(name: .customLong("layout-file"), help: LayoutFileArgument.help)
    var layoutFile: String?

    /// The layout: the one named, or the layout file's, else pages.
    var layout: LayoutKind {
        if let layoutFile, let kind = try? LayoutFileArgument.kind(layoutFile) { return kind }
        return chosenLayout ?? .pages
    }

    @OptionGroup var layoutSettings: LayoutSettings

    @OptionGroup var camera: CameraOptions

    /// The layout's option values: its defaults with `--set` on top.
    var layoutOptions: LayoutOptionValues {
        (try? layoutSettings.values(for: layout)) ?? layout.descriptor.defaultValues
    }

    func validate() throws {
        if let layoutFile {
            guard chosenLayout == nil else { throw ValidationError("--layout and --layout-file both name a layout; give one") }
            _ = try LayoutFileArgument.kind(layoutFile)
        }
        _ = try layoutSettings.values(for: layout)
    }

    @Option(help: "Number of cards (a whole number ≥ 0); default: the bundled deck's size.")
    var cards: CardCount?

    @Option(name: .customLong("offset"), help: ArgumentHelp("Scroll offset in points: Y, or X,Y (default: 0, or where the state left it).",
                                                          valueName: "offset"))
    var givenOffset: ScrollOffset?

    /// The scroll offset: as given, 0 when not.
    var offset: ScrollOffset { givenOffset ?? ScrollOffset(argument: "0")! }

    @Option(help: "Viewport size in points, WxH.")
    var size: ViewportSize = ViewportSize(argument: "1280x800")!
}
