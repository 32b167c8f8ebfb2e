import ArgumentParser
import CardPictureDecoding
import CardFiles
import CardBenchmark
import CardLayout
import CardMath
import CardPacking
import CardRendering
import Foundation

/// `cardviewer bench`: the timing module (SPEC §5). Scrolls a deck through a scripted fling,
/// headless, and reports every stage of the frame.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark scrolling headless: per-stage frame times, throughput, allocations, memory.",
        discussion: """
            Scrolls the deck with a scripted fling from the top to the bottom and back (headless, \
            EGL), draws warm-up frames, then measures each frame's stages — layout, packing, upload, \
            submit, draw (GPU time by GL_TIME_ELAPSED where the driver has a timer), whole frame, and \
            cpu (the CPU's own work) — and prints their median, p90, p99 and max. Variants asked for \
            run in the same process, and their ratios are printed. docs/formats/bench-json.md has the JSON schema. \
            With --images DIR: a photo folder through the viewer's picture pipeline instead — cold \
            and warm start, frame times while pictures load against after, pictures per second end \
            to end, peak memory, and optionally vipsthumbnail on the same files.
            """
    )

    /// The largest deck `--all-cards` lays out every frame (memory grows with it).
    static let allCardsLimit = 10_000_000

    @Option(help: "The layout: \(LayoutKind.allCases.map(\.rawValue).joined(separator: ", ")), or all (default: pages; grid with --images).")
    var layout: LayoutChoice?

    @Option(name: .customLong("layout-file"), help: ArgumentHelp(
        "A layout described by a JSON file (docs/LAYOUT-FILES.md), measured after --layout's; repeatable. Each is compared with the built-in layout it describes (the only --layout, or the one its name begins with).",
        valueName: "file"))
    var layoutFiles: [String] = []

    @OptionGroup var layoutSettings: LayoutSettings

    @Option(help: "Number of cards (a whole number ≥ 0; default 10000).")
    var cards: CardCount?

    @OptionGroup var camera: CameraOptions

    @Option(help: "Viewport size in points, WxH (frames are drawn at one pixel per point).")
    var size: ViewportSize = ViewportSize(argument: "1280x800")!

    @Option(help: "Frames drawn before measuring (0…1000000; default 60).")
    var warmup: FrameCount?

    @Option(help: "Frames measured (1…1000000; default 600; with --images the scroll's frames, default 120).")
    var frames: FrameCount?

    @Option(help: "Visibility ordering: depth or zindex (frames are packed, sorted if needed, and drawn with it).")
    var order: RenderOrdering = .depth

    @Flag(help: "Also lay out, pack and upload every card every frame (as the seeds do), next to the visible range.")
    var allCards = false

    @Option(help: "Also run a baseline: uikit (one heap object per card per frame) or generic (attributes through the layout protocol, then packed); repeatable.")
    var baseline: [Baseline] = []

    @Option(help: "Card counts to sweep, e.g. 1000,10000,100000,1000000 (replaces --cards).")
    var sweep: CardCountList?

    @Option(help: "Write the report as JSON to this file.")
    var json: String?

    @Option(help: "With --sweep: write the growth plot (SVG) to this file (default: bench-sweep.svg).")
    var plot: String?

    @Flag(help: "Instead of scrolling: time putting one picture into a picture pool of 256 layers of 640x400, with its mip chain computed on the CPU against glGenerateMipmap on the array.")
    var pictureUploads = false

    @OptionGroup var photos: PhotoBenchOptions

    /// Where the sweep's plot goes.
    var plotPath: String { plot ?? "bench-sweep.svg" }

    /// The layouts measured: `--layout` (pages when neither it nor a file is given), then the
    /// layout files', each once.
    var layoutKinds: [LayoutKind] {
        let files = layoutFiles.compactMap { try? LayoutFileArgument.kind($0) }
        var kinds: [LayoutKind] = []
        for kind in (layout?.kinds ?? (files.isEmpty ? [.pages] : [])) + files where !kinds.contains(kind) { kinds.append(kind) }
        return kinds
    }

    /// `--set` for each layout measured: the assignments naming its options. With one layout
    /// every assignment must name one of its options; with several, each must name an option
    /// of at least one of them.
    ///
    /// - Throws: `ValidationError` (exit 2) naming the options.
    func layoutOptions() throws -> [LayoutKind: LayoutOptionValues] {
        let kinds = layoutKinds, assignments = layoutSettings.assignments
        guard !assignments.isEmpty else { return [:] }
        if kinds.count == 1 { return [kinds[0]: try layoutSettings.values(for: kinds[0])] }
        var values: [LayoutKind: LayoutOptionValues] = [:]
        var used = Set<String>()
        for kind in kinds {
            let names = Set(kind.descriptor.options.map(\.name))
            let mine = assignments.filter { names.contains(Self.optionName($0)) }
            used.formUnion(mine)
            do {
                values[kind] = try kind.descriptor.values(setting: mine)
            } catch {
                throw ValidationError("--set: \(error)")
            }
        }
        if let unknown = assignments.first(where: { !used.contains($0) }) {
            throw ValidationError("--set \(unknown): no layout measured has an option '\(Self.optionName(unknown))' (cardviewer layouts lists them)")
        }
        return values
    }

    /// The name in `NAME=VALUE`.
    static func optionName(_ assignment: String) -> String {
        String(assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    func validate() throws {
        for file in layoutFiles { _ = try LayoutFileArgument.kind(file) }
        _ = try layoutOptions()
        if let frames, frames.value < 1 { throw ValidationError("--frames must be at least 1") }
        try validatePhotos()
        let counts = sweep?.values ?? [cardCount]
        if allCards, let largest = counts.max(), largest > Self.allCardsLimit {
            throw ValidationError("--all-cards allows at most \(Self.allCardsLimit) cards (got \(largest))")
        }
        try FileOptions.checkOutput("--json", json)
        if let plot {
            guard !plot.isEmpty else { throw ValidationError("--plot needs a file name") }
            guard sweep != nil else { throw ValidationError("--plot draws a sweep: give --sweep too") }
        }
        if sweep != nil { try FileOptions.checkOutput("--plot", plotPath) }
    }

    var settings: BenchmarkSettings {
        var paths: [PipelinePath] = [.fast]
        for path in baseline.map(\.path) where !paths.contains(path) { paths.append(path) }
        var settings = BenchmarkSettings(
            layouts: layoutKinds, cardCounts: sweep?.values ?? [cardCount], viewport: size.size,
            warmupFrames: warmup?.value ?? 60, measuredFrames: frames?.value ?? 600, ordering: order,
            scopes: allCards ? [.visible, .all] : [.visible], paths: paths)
        settings.layoutOptions = (try? layoutOptions()) ?? [:]
        settings.eyeDistance = camera.eyeDistance
        return settings
    }

    /// `--cards`, or 10,000.
    var cardCount: Int { cards?.value ?? 10_000 }

    func run() throws {
        if photos.source.folder != nil {
            try runPhotos()
            return
        }
        if pictureUploads {
            do {
                let context = try EGLOffscreenContext(size: PixelSize(width: 64, height: 64))
                print(try PictureUploadTiming.measure(context: context, layers: 256, layerSize: PixelSize(width: 640, height: 400)).summary)
            } catch let error as RenderError {
                throw commandFailure(error)
            }
            return
        }
        if let json { try FileOptions.checkWritable(json, what: "JSON report") }
        if sweep != nil { try FileOptions.checkWritable(plotPath, what: "plot") }
        let deck = DefaultDeck.load()
        deck.reportWarnings()
        let report: BenchmarkReport
        do {
            let benchmark = try Benchmark(settings: settings, images: deck.images)
            let progress = ProgressBar()
            report = try benchmark.run { done, total, scenario in
                progress.update(done: done, total: total, label: scenario.description)
            }
            progress.finish()
        } catch let error as RenderError {
            throw commandFailure(error)
        }
        print(TextReport.render(report), terminator: "")
        if let json {
            try write(Data(try BenchmarkJSON.encode(report).utf8), to: json, what: "JSON report")
            print(TerminalText.escaped("JSON: \(json)"))
        }
        if sweep != nil {
            try write(Data(SweepPlot.svg(report).utf8), to: plotPath, what: "plot")
            print(TerminalText.escaped("plot: \(plotPath)"))
        }
    }

    /// Writes `data` to `path` atomically (`AtomicFile`); a failure names `what` and the path.
    func write(_ data: Data, to path: String, what: String) throws {
        do {
            try AtomicFile.replace(path, with: [UInt8](data))
        } catch let error as FileWriteError {
            throw RuntimeFailure("cannot write \(what) '\(path)': \(error.reason)")
        }
    }
}

/// A baseline to run next to the fast path (which always runs).
enum Baseline: String, CaseIterable, ExpressibleByArgument {
    case uikit
    case generic

    var path: PipelinePath {
        switch self {
        case .uikit: .uikit
        case .generic: .generic
        }
    }
}

/// `--layout NAME` or `--layout all`.
struct LayoutChoice: ExpressibleByArgument, Sendable {
    var kinds: [LayoutKind]

    init?(argument: String) {
        if argument == "all" {
            kinds = LayoutKind.allCases
        } else if let kind = LayoutKind(rawValue: argument) {
            kinds = [kind]
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { LayoutKind.allCases.map(\.rawValue) + ["all"] }

    var defaultValueDescription: String { kinds.count == 1 ? kinds[0].rawValue : "all" }
}

/// A frame count: a whole number from 0 to a million.
struct FrameCount: ExpressibleByArgument, Sendable {
    var value: Int

    init?(argument: String) {
        guard let n = Int(argument), n >= 0, n <= 1_000_000 else { return nil }
        value = n
    }

    var defaultValueDescription: String { "\(value)" }
}

extension CardCount {
    var defaultValueDescription: String { "\(value)" }
}

/// Card counts separated by commas, e.g. `1000,10000`: whole numbers ≥ 0, at most 20 of them.
struct CardCountList: ExpressibleByArgument, Sendable {
    var values: [Int]

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 20 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard let count = CardCount(argument: part.trimmingCharacters(in: .whitespaces)) else { return nil }
            if !values.contains(count.value) { values.append(count.value) }
        }
        self.values = values
    }
}
