import CardLayout
import CardMath

/// Everything a run measured: the machine, the settings, each scenario's results, the ratios
/// between scenarios and how the cost grows with the card count. Encodes to the JSON documented
/// in docs/formats/bench-json.md (schema `cardviewer-bench/2`).
public struct BenchmarkReport: Hashable, Sendable, Codable {
    /// The schema name and version of the JSON.
    public var schema = "cardviewer-bench/2"
    public var machine: MachineInfo
    public var settings: ReportedSettings
    public var results: [ScenarioResult]
    /// Every floor frame of the run (clear + one full-viewport textured quad with a trivial
    /// shader, drawn after each measured frame into the same framebuffer), nanoseconds.
    public var floor: Summary
    /// Ratios of medians between scenarios of this run.
    public var comparisons: [Comparison]
    /// For each layout, scope and path measured at several card counts: the cost per count.
    public var growth: [GrowthSeries]
    /// Every layout's scrolling scenario (the viewer's frame, fast path): frame ÷ floor and
    /// the layout's cost per card.
    public var layouts: [LayoutRow]
    /// Each layout file against the built-in layout it describes, in the same run.
    public var fileComparisons: [FileComparison]
    /// The process's peak resident memory at the end of the run (`getrusage`), bytes.
    public var maximumResidentBytes: Int
    /// True when heap allocations were counted (Linux with glibc); false leaves them at 0.
    public var countsAllocations: Bool
    /// `bench --images DIR`: the photo folder's measurements (then `results`, `comparisons`
    /// and `growth` are empty and `floor` counts 0 frames); absent otherwise.
    public var images: PhotoBenchmarkResult?

    public init(machine: MachineInfo, settings: BenchmarkSettings, imageLayers: Int, results: [ScenarioResult],
                floor: Summary, maximumResidentBytes: Int, countsAllocations: Bool) {
        self.machine = machine
        self.settings = ReportedSettings(settings, imageLayers: imageLayers)
        self.results = results
        self.floor = floor
        comparisons = Comparison.all(in: results)
        growth = GrowthSeries.all(in: results)
        layouts = LayoutRow.all(in: results)
        fileComparisons = FileComparison.all(in: layouts, settings: settings)
        self.maximumResidentBytes = maximumResidentBytes
        self.countsAllocations = countsAllocations
    }

    /// The report of a photo-folder run (`bench --images`): its settings as the scrolling
    /// report records them (one layout, the folder's pictures as the cards, the scroll's frames
    /// measured, the card tier's layers as the image layers), no scrolling scenarios.
    public init(machine: MachineInfo, photos settings: PhotoBenchmarkSettings, images: PhotoBenchmarkResult) {
        self.machine = machine
        let reported = BenchmarkSettings(layouts: [settings.layout], cardCounts: [images.pictures], viewport: settings.viewport,
                                         warmupFrames: 0, measuredFrames: settings.scrollFrames)
        self.settings = ReportedSettings(reported, imageLayers: images.cardTierLayers)
        results = []
        floor = Summary([])
        comparisons = []
        growth = []
        layouts = []
        fileComparisons = []
        maximumResidentBytes = ResourceUsage.maximumResidentBytes
        countsAllocations = AllocationCounter.isCounting
        self.images = images
    }
}

/// The settings as the JSON records them.
public struct ReportedSettings: Hashable, Sendable, Codable {
    public var layouts: [LayoutKind]
    public var cards: [Int]
    /// Points; frames are drawn at one pixel per point.
    public var viewport: Size
    public var warmupFrames: Int
    public var measuredFrames: Int
    /// "depth" or "zindex".
    public var order: String
    public var scopes: [String]
    public var paths: [PipelinePath]
    /// "textured" or "identity".
    public var shading: String
    /// Image layers in the texture array (0: cards coloured by id).
    public var imageLayers: Int

    init(_ settings: BenchmarkSettings, imageLayers: Int) {
        layouts = settings.layouts
        cards = settings.cardCounts
        viewport = settings.viewport
        warmupFrames = settings.warmupFrames
        measuredFrames = settings.measuredFrames
        order = settings.ordering.rawValue
        scopes = settings.scopes.map(\.rawValue)
        paths = settings.paths
        shading = settings.shading.rawValue
        self.imageLayers = imageLayers
    }
}
