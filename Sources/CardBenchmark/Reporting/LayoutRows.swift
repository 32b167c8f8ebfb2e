import CardLayout

/// One layout's line in the run's summary: its scrolling scenario (the viewer's frame, visible
/// range, fast path) at one card count.
public struct LayoutRow: Hashable, Sendable, Codable {
    public var layout: String
    public var cards: Int
    /// True for a layout file (`--layout-file`), false for a built-in layout.
    public var isFile: Bool
    /// The frame's median over the floor's median (the floor frames drawn between its frames).
    public var frameToFloor: Double
    /// Medians, nanoseconds.
    public var frame: Double
    public var layoutStage: Double
    /// Cards laid out per frame (median).
    public var laidOutPerFrame: Double
    /// `layoutStage / laidOutPerFrame`, nanoseconds.
    public var layoutNanosecondsPerCard: Double

    /// A row per scrolling scenario of the fast path, in the run's order.
    static func all(in results: [ScenarioResult]) -> [LayoutRow] {
        let builtIn = Set(LayoutKind.builtIn)
        return results.filter { $0.viewerFrame && $0.scenario.path == .fast }.map { r in
            LayoutRow(layout: r.scenario.layout.rawValue, cards: r.scenario.cards, isFile: !builtIn.contains(r.scenario.layout),
                      frameToFloor: r.frameToFloor, frame: r.stages.frame.median, layoutStage: r.stages.layout.median,
                      laidOutPerFrame: r.laidOutPerFrame, layoutNanosecondsPerCard: r.layoutNanosecondsPerCard)
        }
    }
}

/// A layout file against the built-in layout it describes, measured in the same run at the
/// same card count on the viewer's frame (`BenchmarkSettings.reference(for:)` pairs them).
public struct FileComparison: Hashable, Sendable, Codable {
    public var file: String
    public var builtIn: String
    public var cards: Int
    /// Nanoseconds per card laid out, each.
    public var fileNanosecondsPerCard: Double
    public var builtInNanosecondsPerCard: Double
    /// The file's layout cost per card over the built-in's (issue target ≤ 3).
    public var layoutPerCard: Double
    /// Ratios of the medians of the layout stage, and of the whole frame (issue target ≤ 1.2).
    public var layoutStage: Double
    public var frame: Double

    static func all(in rows: [LayoutRow], settings: BenchmarkSettings) -> [FileComparison] {
        rows.filter(\.isFile).compactMap { file in
            guard let reference = settings.reference(for: LayoutKind(file.layout)),
                  let builtIn = rows.first(where: { $0.layout == reference.name && $0.cards == file.cards }) else { return nil }
            return FileComparison(
                file: file.layout, builtIn: builtIn.layout, cards: file.cards,
                fileNanosecondsPerCard: file.layoutNanosecondsPerCard, builtInNanosecondsPerCard: builtIn.layoutNanosecondsPerCard,
                layoutPerCard: Comparison.ratio(file.layoutNanosecondsPerCard, builtIn.layoutNanosecondsPerCard),
                layoutStage: Comparison.ratio(file.layoutStage, builtIn.layoutStage),
                frame: Comparison.ratio(file.frame, builtIn.frame))
        }
    }
}
