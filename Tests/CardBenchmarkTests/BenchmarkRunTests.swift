import CardBenchmark
import CardLayout
import CardMath
import CardPacking
import Foundation
import Testing

/// The benchmark at tiny sizes (headless EGL): it runs every requested scenario and reports
/// sane numbers. No timing thresholds: only orderings, counts and presence.
@Suite("Benchmark runs", .serialized)
struct BenchmarkRunTests {
    static let tiny = BenchmarkSettings(
        layouts: [.pages, .slidebox], cardCounts: [50], viewport: Size(width: 64, height: 40), warmupFrames: 5,
        measuredFrames: 20, scopes: [.visible, .all], paths: [.fast, .generic, .uikit])

    static func run(_ settings: BenchmarkSettings) throws -> BenchmarkReport {
        try Benchmark(settings: settings).run()
    }

    @Test("every scenario, every stage: 20 samples, min ≤ p50 ≤ p90 ≤ p99 ≤ max, positive throughput")
    func saneOutput() throws {
        let report = try Self.run(Self.tiny)
        #expect(report.results.map(\.scenario) == Self.tiny.scenarios)
        #expect(report.results.count == 2 * 2 * 3)
        for result in report.results {
            for stage in Stage.allCases {
                let s = result.summary(stage)
                #expect(s.count == 20, "\(result.scenario) \(stage)")
                #expect(s.min >= 0 && s.min <= s.median && s.median <= s.p90 && s.p90 <= s.p99 && s.p99 <= s.max,
                        "\(result.scenario) \(stage): \(s)")
            }
            #expect(result.summary(.frame).median > 0)
            #expect(result.summary(.frame).max >= result.summary(.cpu).min)
            #expect(result.cardsPerSecond > 0, "\(result.scenario)")
            #expect(result.drawnCardsPerSecond > 0, "\(result.scenario)")
            #expect(result.nanosecondsPerCard > 0)
            #expect(result.bytesPerCard == InstanceRecord.stride)
            #expect(result.frames == 20)
            #expect(["gpu-timer", "wall"].contains(result.drawTiming))
            if result.scenario.scope == .all {
                #expect(result.cardsPerFrame == 50)
                #expect(result.instances.max == 50)  // every card of these layouts is drawn
                #expect(result.uploadedBytesPerFrame == Double(50 * InstanceRecord.stride))
            }
        }
        for result in report.results {
            // Per frame, the whole frame holds the CPU's work, and the CPU's work its stages; a
            // frame's wall-clock draw (submit to the end of glFinish) holds its submit. Medians
            // keep such orders.
            #expect(result.summary(.frame).median >= result.summary(.cpu).median)
            #expect(result.summary(.cpu).median >= result.summary(.layout).median)
            #expect(result.summary(.cpu).median >= result.summary(.upload).median)
            #expect(result.layoutPacking.median >= result.summary(.packing).median)
            if result.drawTiming == "wall" {
                #expect(result.summary(.draw).median >= result.summary(.submit).median)
                #expect(result.summary(.frame).max >= result.summary(.draw).max)
            }
            if report.machine.isSoftwareRasterizer { #expect(result.drawTiming == "wall") }
        }
        #expect(!report.machine.glRenderer.isEmpty)
        #expect(!report.machine.cpu.isEmpty)
        #expect(report.maximumResidentBytes > 0)
        // The floor: one floor frame after every measured frame, every frame a ratio to it.
        #expect(report.floor.count == 20 * report.results.count)
        #expect(report.floor.median > 0 && report.floor.min <= report.floor.median && report.floor.median <= report.floor.max)
        for result in report.results {
            #expect(result.floor.count == 20)
            #expect(abs(result.frameToFloor - result.summary(.frame).median / result.floor.median) < 1e-9)
            // The scrolling scenario is the viewer's frame; on the fast path its resting frames
            // are the bulk writers' (the fling is a drag: nothing animates).
            #expect(result.viewerFrame == (result.scenario.scope == .visible && result.scenario.path != .uikit))
            #expect(result.bulkPathFrames == (result.viewerFrame && result.scenario.path == .fast ? 20 : 0))
            if !result.viewerFrame { #expect(result.summary(.session).max == 0) }
        }
        let text = TextReport.render(report)
        #expect(text.contains("frame / floor: "))
        #expect(text.contains("floor (clear + one full-viewport textured quad"))
    }

    @Test("ratios: every baseline over the fast path and all cards over the visible range, from the medians")
    func comparisons() throws {
        let report = try Self.run(Self.tiny)
        #expect(report.comparisons.filter { $0.kind == "path" }.count == 2 * 2 * 2)
        #expect(report.comparisons.filter { $0.kind == "scope" }.count == 2 * 3)
        for c in report.comparisons {
            let scenarios = report.results.map(\.scenario)
            #expect(scenarios.contains { $0.layout.rawValue == c.layout })
            #expect(c.layoutPacking > 0 && c.cpu > 0 && c.frame > 0)
        }
        let uikit = try #require(report.results.first { $0.scenario.path == .uikit && $0.scenario.scope == .all
            && $0.scenario.layout == .pages })
        let fast = try #require(report.results.first { $0.scenario.path == .fast && $0.scenario.scope == .all
            && $0.scenario.layout == .pages })
        let ratio = try #require(report.comparisons.first { $0.kind == "path" && $0.numerator == "uikit"
            && $0.shared == "all" && $0.layout == "pages" })
        #expect(abs(ratio.layoutPacking - uikit.layoutPacking.median / fast.layoutPacking.median) < 1e-9)
    }

    @Test("a warm fast frame allocates nothing in layout and packing")
    func noAllocations() throws {
        try #require(AllocationCounter.isCounting)
        let settings = BenchmarkSettings(layouts: LayoutKind.builtIn, cardCounts: [2000], viewport: Size(width: 320, height: 200),
                                         warmupFrames: 3, measuredFrames: 10, scopes: [.visible, .all], paths: [.fast])
        let report = try Self.run(settings)
        for result in report.results {
            #expect(result.allocationsPerFrame.layout == 0, "\(result.scenario)")
            #expect(result.allocationsPerFrame.packing == 0, "\(result.scenario)")
        }
        // The UIKit baseline allocates at least one object per card per frame: the counter sees it.
        let uikit = try Self.run(BenchmarkSettings(cardCounts: [300], viewport: Size(width: 64, height: 40), warmupFrames: 1,
                                                   measuredFrames: 3, scopes: [.all], paths: [.uikit]))
        #expect(try #require(uikit.results.first).allocationsPerFrame.layout >= 300)
    }

    @Test("a sweep reports growth per card count, plotted as SVG")
    func sweep() throws {
        let settings = BenchmarkSettings(cardCounts: [10, 100, 1000], viewport: Size(width: 64, height: 40), warmupFrames: 2,
                                         measuredFrames: 5, scopes: [.visible], paths: [.fast])
        let report = try Self.run(settings)
        let series = try #require(report.growth.first)
        #expect(report.growth.count == 1)
        #expect(series.points.map(\.cards) == [10, 100, 1000])
        #expect(series.points[0].cpuRatio == 1)
        let svg = SweepPlot.svg(report)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("<polyline"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test("the JSON has the documented schema and reads back to the same report")
    func json() throws {
        let report = try Self.run(BenchmarkSettings(cardCounts: [50], viewport: Size(width: 64, height: 40), warmupFrames: 1,
                                                    measuredFrames: 4, scopes: [.visible], paths: [.fast, .uikit]))
        let text = try BenchmarkJSON.encode(report)
        #expect(try BenchmarkJSON.decode(text) == report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "cardviewer-bench/2")
        #expect(Set(object.keys) == ["schema", "machine", "settings", "results", "comparisons", "growth", "floor",
                                     "layouts", "fileComparisons", "maximumResidentBytes", "countsAllocations"])
        let floor = try #require(object["floor"] as? [String: Any])
        #expect(Set(floor.keys) == ["count", "min", "median", "p90", "p99", "max", "mean"])
        let machine = try #require(object["machine"] as? [String: Any])
        #expect(Set(machine.keys) == ["cpu", "cores", "glRenderer", "glVersion", "gpuTimer"])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let first = try #require(results.first)
        // gpuTimerDraw is there exactly when the driver has a timer.
        let timerKey: Set<String> = report.machine.gpuTimer ? ["gpuTimerDraw"] : []
        let resultKeys: Set<String> = ["scenario", "frames", "stages", "drawTiming", "layoutPacking", "cardsPerFrame",
                                       "instances", "nanosecondsPerCard", "cardsPerSecond", "drawnCardsPerSecond",
                                       "bytesPerCard", "uploadedBytesPerFrame", "allocationsPerFrame", "viewerFrame",
                                       "bulkPathFrames", "floor", "frameToFloor", "laidOutPerFrame", "layoutNanosecondsPerCard"]
        #expect(Set(first.keys) == resultKeys.union(timerKey))
        let allocations = try #require(first["allocationsPerFrame"] as? [String: Double])
        #expect(Set(allocations.keys) == ["session", "layout", "packing", "upload", "draw", "process"])
        #expect((first["frameToFloor"] as? Double ?? 0) > 0)
        let stages = try #require(first["stages"] as? [String: [String: Any]])
        #expect(Set(stages.keys) == Set(Stage.allCases.map(\.rawValue)))
        for summary in stages.values {
            #expect(Set(summary.keys) == ["count", "min", "median", "p90", "p99", "max", "mean"])
        }
        let scenario = try #require(first["scenario"] as? [String: Any])
        #expect(scenario["layout"] as? String == "pages")
        #expect(scenario["scope"] as? String == "visible")
        #expect(scenario["path"] as? String == "fast")
        #expect(scenario["cards"] as? Int == 50)
    }
}

/// What the machine is.
@Suite("Machine information")
struct MachineInfoTests {
    @Test("the CPU model comes from /proc/cpuinfo's first model name, or the ARM lines, else unknown")
    func cpuModel() {
        let x86 = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9B14\nprocessor\t: 1\nmodel name\t: AMD EPYC 9B14\n"
        #expect(MachineInfo.cpuModel(cpuinfo: x86) == "AMD EPYC 9B14")
        #expect(MachineInfo.cpuModel(cpuinfo: "processor\t: 0\nHardware\t: BCM2835\n") == "BCM2835")
        #expect(MachineInfo.cpuModel(cpuinfo: "model name\t:   \n") == "unknown")
        #expect(MachineInfo.cpuModel(cpuinfo: nil) == "unknown")
        #expect(MachineInfo.cpuModel() != "")
    }

    @Test("software rasterizers are recognised by their renderer string")
    func software() {
        func info(_ renderer: String) -> MachineInfo {
            MachineInfo(cpu: "x", cores: 1, glRenderer: renderer, glVersion: "4.5", gpuTimer: true)
        }
        #expect(info("llvmpipe (LLVM 15.0.6, 256 bits)").isSoftwareRasterizer)
        #expect(info("softpipe").isSoftwareRasterizer)
        #expect(!info("NVIDIA H100 80GB HBM3/PCIe/SSE2").isSoftwareRasterizer)
        #expect(!info("AMD Radeon Graphics (radeonsi, gfx1103_r1, LLVM 15.0.7, DRM 3.54)").isSoftwareRasterizer)
    }
}

/// The allocation counter itself.
@Suite("Allocation counter")
struct AllocationCounterTests {
    @Test("counts this thread's allocations")
    func counts() throws {
        try #require(AllocationCounter.isCounting)
        let before = AllocationCounter.thread
        let process = AllocationCounter.process
        var arrays: [[Int]] = []
        for i in 0..<10 { arrays.append(Array(repeating: i, count: 100 + i)) }
        #expect(arrays.count == 10)
        #expect(AllocationCounter.thread - before >= 10)
        #expect(AllocationCounter.process - process >= 10)
    }
}
