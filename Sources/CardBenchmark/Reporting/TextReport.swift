import Foundation

/// The report as people read it on a terminal: a header with the machine, a table of stage
/// times per scenario, then the ratios and the growth with the card count.
public enum TextReport {
    /// The whole report, lines ending in "\n".
    public static func render(_ report: BenchmarkReport) -> String {
        var out = header(report)
        for result in report.results { out += "\n" + scenario(result, countsAllocations: report.countsAllocations) }
        if !report.comparisons.isEmpty {
            out += "\nratios of medians (same run)\n"
            for c in report.comparisons {
                let what = c.kind == "path" ? "\(c.layout) · \(c.cards) cards · \(c.shared): \(c.numerator) / \(c.denominator)"
                                            : "\(c.layout) · \(c.cards) cards · \(c.shared): \(c.numerator) cards / \(c.denominator)"
                out += "  \(what)   layout+packing \(ratio(c.layoutPacking))   cpu \(ratio(c.cpu))   frame \(ratio(c.frame))\n"
            }
        }
        out += layoutTable(report)
        if !report.growth.isEmpty {
            out += "\ngrowth with the card count (median cpu per frame, ratio to the smallest deck)\n"
            for series in report.growth {
                let points = series.points.map { "\($0.cards) → \(micro($0.cpu)) µs (\(ratio($0.cpuRatio)))" }
                out += "  \(series.label): " + points.joined(separator: " · ") + "\n"
            }
        }
        let f = report.floor
        out += "\nfloor (clear + one full-viewport textured quad, after every measured frame): median \(micro(f.median)) µs,"
            + " p90 \(micro(f.p90)) µs over \(f.count) frames\n"
        out += "\npeak memory (max RSS): \(megabytes(report.maximumResidentBytes)) MB\n"
        return out
    }

    /// With more than one layout, or a layout file: every layout's frame ÷ floor and layout cost
    /// per card, then each file against the built-in layout it describes.
    static func layoutTable(_ report: BenchmarkReport) -> String {
        guard report.layouts.count > 1 || report.layouts.contains(where: \.isFile) else { return "" }
        var out = "\nevery layout (the viewer's frame, visible · fast)\n"
        out += "  " + pad("layout", 34) + pad("cards", 9, right: true) + pad("frame/floor", 13, right: true)
            + pad("frame µs", 11, right: true) + pad("layout µs", 11, right: true) + pad("laid out", 10, right: true)
            + pad("ns/card", 10, right: true) + "\n"
        for row in report.layouts {
            out += "  " + pad(row.layout + (row.isFile ? " (file)" : ""), 34) + pad(String(row.cards), 9, right: true)
                + pad(ratio(row.frameToFloor), 13, right: true) + pad(micro(row.frame), 11, right: true)
                + pad(micro(row.layoutStage), 11, right: true) + pad(number(row.laidOutPerFrame), 10, right: true)
                + pad(String(format: "%.1f", row.layoutNanosecondsPerCard), 10, right: true) + "\n"
        }
        for c in report.fileComparisons {
            out += "  file \(c.file) / built-in \(c.builtIn) · \(c.cards) cards: layout per card \(ratio(c.layoutPerCard))"
                + String(format: " (%.1f / %.1f ns)", c.fileNanosecondsPerCard, c.builtInNanosecondsPerCard)
                + " · layout stage \(ratio(c.layoutStage)) · frame \(ratio(c.frame))\n"
        }
        return out
    }

    static func header(_ report: BenchmarkReport) -> String {
        let s = report.settings
        let layouts = s.layouts.map(\.rawValue).joined(separator: ", ")
        let cards = s.cards.map(String.init).joined(separator: ", ")
        let m = report.machine
        let wall = report.results.contains { $0.drawTiming == "wall" }
        let draw = !m.gpuTimer ? "wall time to glFinish (no GPU timer)"
            : m.isSoftwareRasterizer ? "wall time to glFinish (a software rasterizer's GL_TIME_ELAPSED does not time its rasterization)"
            : wall ? "wall time to glFinish (GL_TIME_ELAPSED reads 0)" : "GPU timer (GL_TIME_ELAPSED)"
        return "cardviewer bench: \(layouts) · \(cards) cards · \(Int(s.viewport.width))x\(Int(s.viewport.height))"
            + " · \(s.order) order · \(s.warmupFrames) warm-up + \(s.measuredFrames) measured frames"
            + " · \(s.imageLayers) image layers\n"
            + "CPU: \(m.cpu) (\(m.cores) cores) · GL: \(m.glRenderer) · OpenGL \(m.glVersion) · draw times: \(draw)\n"
    }

    static func scenario(_ r: ScenarioResult, countsAllocations: Bool) -> String {
        var out = "\(r.scenario)\n"
        out += "  " + pad("stage (µs)", 12) + ["median", "p90", "p99", "max"].map { pad($0, 11, right: true) }.joined() + "\n"
        for stage in Stage.allCases {
            let s = r.summary(stage)
            out += "  " + pad(stage.rawValue, 12) + [s.median, s.p90, s.p99, s.max].map { pad(micro($0), 11, right: true) }.joined() + "\n"
        }
        out += "  cards: \(number(r.cardsPerFrame)) laid out and \(number(r.instances.median)) drawn per frame"
            + " · \(r.bytesPerCard) B/card · layout+packing \(String(format: "%.2f", r.nanosecondsPerCard)) ns/card"
            + " · \(rate(r.cardsPerSecond)) cards/s laid out · \(rate(r.drawnCardsPerSecond)) cards/s drawn\n"
        out += "  frame / floor: \(ratio(r.frameToFloor)) (floor median \(micro(r.floor.median)) µs)"
            + (r.viewerFrame ? " · the viewer's frame (bulk writers in \(r.bulkPathFrames) of \(r.frames) frames)\n"
                             : " · layout throughput\n")
        let a = r.allocationsPerFrame
        if countsAllocations {
            out += "  heap allocations per frame: session \(number(a.session)), layout \(number(a.layout)), packing \(number(a.packing)),"
                + " upload \(number(a.upload)), draw \(number(a.draw)) (GL driver included); all threads \(number(a.process))\n"
        } else {
            out += "  heap allocations: not counted on this platform\n"
        }
        return out
    }

    /// Nanoseconds as microseconds with three decimals.
    static func micro(_ nanoseconds: Double) -> String { String(format: "%.3f", nanoseconds / 1000) }

    static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

    /// Whole numbers as such, others with one decimal.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }

    static func rate(_ perSecond: Double) -> String {
        switch perSecond {
        case 1e9...: String(format: "%.2f G", perSecond / 1e9)
        case 1e6...: String(format: "%.1f M", perSecond / 1e6)
        case 1e3...: String(format: "%.1f k", perSecond / 1e3)
        default: String(format: "%.0f", perSecond)
        }
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
