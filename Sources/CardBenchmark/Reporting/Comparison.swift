/// A ratio of medians between two scenarios of one run that differ in one thing: the path
/// (a baseline over the fast path) or the scope (all cards over the visible range).
public struct Comparison: Hashable, Sendable, Codable {
    /// "path" or "scope".
    public var kind: String
    public var layout: String
    public var cards: Int
    /// What the two scenarios share: the scope for a path comparison, the path for a scope one.
    public var shared: String
    /// The scenario divided ("uikit", "all") …
    public var numerator: String
    /// … by this one ("fast", "visible").
    public var denominator: String
    /// Ratios of the medians of layout + packing, of the CPU's work, and of the whole frame.
    public var layoutPacking: Double
    public var cpu: Double
    public var frame: Double

    init(kind: String, shared: String, _ a: ScenarioResult, over b: ScenarioResult, numerator: String, denominator: String) {
        self.kind = kind
        layout = a.scenario.layout.rawValue
        cards = a.scenario.cards
        self.shared = shared
        self.numerator = numerator
        self.denominator = denominator
        layoutPacking = Self.ratio(a.layoutPacking.median, b.layoutPacking.median)
        cpu = Self.ratio(a.stages.cpu.median, b.stages.cpu.median)
        frame = Self.ratio(a.stages.frame.median, b.stages.frame.median)
    }

    static func ratio(_ a: Double, _ b: Double) -> Double { b > 0 ? a / b : 0 }

    /// Every baseline over the fast path with the same layout, cards and scope; every all-cards
    /// scenario over the visible one with the same layout, cards and path.
    static func all(in results: [ScenarioResult]) -> [Comparison] {
        var comparisons: [Comparison] = []
        for a in results where a.scenario.path != .fast {
            var fast = a.scenario
            fast.path = .fast
            if let b = results.first(where: { $0.scenario == fast }) {
                comparisons.append(Comparison(kind: "path", shared: a.scenario.scope.rawValue, a, over: b,
                                              numerator: a.scenario.path.rawValue, denominator: "fast"))
            }
        }
        for a in results where a.scenario.scope == .all {
            var visible = a.scenario
            visible.scope = .visible
            if let b = results.first(where: { $0.scenario == visible }) {
                comparisons.append(Comparison(kind: "scope", shared: a.scenario.path.rawValue, a, over: b,
                                              numerator: "all", denominator: "visible"))
            }
        }
        return comparisons
    }
}

/// How one configuration's cost grows with the card count.
public struct GrowthSeries: Hashable, Sendable, Codable {
    public var layout: String
    public var scope: String
    public var path: String
    /// One point per card count, ascending.
    public var points: [GrowthPoint]

    /// The series of every layout × scope × path measured at two or more card counts.
    static func all(in results: [ScenarioResult]) -> [GrowthSeries] {
        var series: [GrowthSeries] = []
        var seen: Set<[String]> = []
        for result in results {
            let s = result.scenario
            let key = [s.layout.rawValue, s.scope.rawValue, s.path.rawValue]
            guard !seen.contains(key) else { continue }
            seen.insert(key)
            let same = results.filter {
                $0.scenario.layout == s.layout && $0.scenario.scope == s.scope && $0.scenario.path == s.path
            }.sorted { $0.scenario.cards < $1.scenario.cards }
            guard same.count >= 2, let first = same.first else { continue }
            let points = same.map { r in
                GrowthPoint(cards: r.scenario.cards, cpu: r.stages.cpu.median, layoutPacking: r.layoutPacking.median,
                            frame: r.stages.frame.median,
                            cpuRatio: Comparison.ratio(r.stages.cpu.median, first.stages.cpu.median))
            }
            series.append(GrowthSeries(layout: key[0], scope: key[1], path: key[2], points: points))
        }
        return series
    }

    /// "pages · visible · fast".
    public var label: String { "\(layout) · \(scope) · \(path)" }
}

/// One card count of a `GrowthSeries`: medians in nanoseconds.
public struct GrowthPoint: Hashable, Sendable, Codable {
    public var cards: Int
    public var cpu: Double
    public var layoutPacking: Double
    public var frame: Double
    /// `cpu` over the `cpu` of the series' smallest card count.
    public var cpuRatio: Double
}
