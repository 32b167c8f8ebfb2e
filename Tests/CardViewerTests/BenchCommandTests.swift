import CardLayout
import CardTestSupport
import Foundation
import Testing

/// `cardviewer bench` end to end at tiny sizes: the built executable, its report, its JSON and
/// SVG files, and its exit statuses. No timing thresholds.
@Suite("cardviewer bench (end to end)")
struct BenchCommandTests {
    static let tiny = ["bench", "--cards", "50", "--warmup", "5", "--frames", "20", "--size", "64x40"]

    @Test("bad input: exit status 2 and one line on stderr naming the option",
          arguments: [
            (["--layout", "nope"], "layout"),
            (["--order", "painter"], "order"),
            (["--cards", "-1"], "cards"),
            (["--cards", "1e9"], "cards"),
            (["--frames", "0"], "frames"),
            (["--frames", "x"], "frames"),
            (["--warmup", "-3"], "warmup"),
            (["--size", "0x0"], "size"),
            (["--baseline", "fast"], "baseline"),
            (["--baseline", "appkit"], "baseline"),
            (["--sweep", "10,x"], "sweep"),
            (["--sweep", ""], "sweep"),
            (["--all-cards", "--cards", "20000000"], "all-cards"),
            (["--all-cards", "--sweep", "10,20000000"], "all-cards"),
            (["--json", ""], "json"),
            (["--plot", "p.svg"], "sweep"),
            (["--sweep", "10,20", "--plot", ""], "plot"),
            (["--set", "nonsense=1"], "nonsense"),
            (["--layout", "coverflow", "--set", "spacing=-5"], "spacing"),
            (["--layout", "all", "--set", "nonsense=1"], "nonsense"),
            (["--layout-file", "/nonexistent-cardviewer-dir/flow.json"], "flow.json"),
          ])
    func badInput(arguments: [String], mentioned: String) throws {
        let outcome = try ChildProcess.runViewer(["bench"] + arguments)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test("--json or --plot in a folder that does not exist, or a folder: exit status 2 before measuring, one line naming the file (SPEC §11)",
          arguments: [["--json", "/nonexistent-cardviewer-dir/b.json"], ["--json", "/tmp"],
                      ["--sweep", "10,20", "--plot", "/nonexistent-cardviewer-dir/p.svg"]])
    func unwritable(arguments: [String]) throws {
        let outcome = try ChildProcess.runViewer(Self.tiny + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(arguments[arguments.count - 1]))
        #expect(outcome.stdout.isEmpty)
    }

    /// The rows of a scenario's stage table: stage name → [median, p90, p99, max] in µs.
    static func stageRows(_ stdout: String, scenario: String) -> [String: [Double]] {
        let lines = stdout.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: scenario) else { return [:] }
        var rows: [String: [Double]] = [:]
        for line in lines[(start + 2)...] {
            let fields = line.split(separator: " ")
            guard fields.count == 5, let name = fields.first else { break }
            rows[String(name)] = fields.dropFirst().compactMap { Double($0) }
        }
        return rows
    }

    @Test("the report: every stage with median ≤ p90 ≤ p99 ≤ max, throughput, allocations, machine, memory")
    func report() throws {
        let outcome = try ChildProcess.runViewer(Self.tiny + ["--all-cards", "--baseline", "uikit"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Not a terminal: no progress bar, no control characters.
        #expect(!outcome.stderr.contains("\r") && !outcome.stderr.contains("\u{1B}"))
        let out = outcome.stdout
        #expect(out.hasPrefix("cardviewer bench: pages · 50 cards · 64x40 · depth order · 5 warm-up + 20 measured frames"))
        #expect(out.contains("CPU: ") && out.contains("GL: "))
        for scenario in ["pages · 50 cards · visible · fast", "pages · 50 cards · visible · uikit",
                         "pages · 50 cards · all · fast", "pages · 50 cards · all · uikit"] {
            let rows = Self.stageRows(out, scenario: scenario)
            #expect(Set(rows.keys) == ["session", "layout", "packing", "upload", "submit", "draw", "frame", "cpu"], "\(scenario)")
            for (stage, values) in rows {
                #expect(values.count == 4, "\(scenario) \(stage)")
                #expect(values == values.sorted(), "\(scenario) \(stage): \(values)")
            }
        }
        #expect(out.contains("80 B/card"))
        #expect(out.contains("cards/s laid out"))
        #expect(out.contains("layout 0, packing 0"))
        // Every scenario as a ratio to the floor, and the floor itself.
        #expect(out.components(separatedBy: "frame / floor: ").count == 5)
        #expect(out.contains("the viewer's frame (bulk writers in 20 of 20 frames)"))
        #expect(out.contains("floor (clear + one full-viewport textured quad, after every measured frame): median "))
        #expect(out.contains("pages · 50 cards · visible: uikit / fast"))
        #expect(out.contains("pages · 50 cards · fast: all cards / visible"))
        #expect(out.contains("peak memory (max RSS): "))
    }

    @Test("--json writes the documented schema; --sweep writes a plot of the growth")
    func files() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let json = folder.path("bench.json")
        let plot = folder.path("sweep.svg")
        let outcome = try ChildProcess.runViewer(["bench", "--sweep", "10,100,1000", "--warmup", "2", "--frames", "5",
                                                  "--size", "64x40", "--layout", "all", "--order", "zindex",
                                                  "--json", json, "--plot", plot])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("growth with the card count"))
        #expect(outcome.stdout.contains("JSON: \(json)") && outcome.stdout.contains("plot: \(plot)"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
            as? [String: Any])
        #expect(object["schema"] as? String == "cardviewer-bench/2")
        let floor = try #require(object["floor"] as? [String: Any])
        let layouts = LayoutRegistry.builtIn.map(\.name)  // `all`: the seeds and the carousels
        #expect(floor["count"] as? Int == layouts.count * 5 * 3)
        let settings = try #require(object["settings"] as? [String: Any])
        #expect(settings["cards"] as? [Int] == [10, 100, 1000])
        #expect(settings["order"] as? String == "zindex")
        #expect(settings["layouts"] as? [String] == layouts)
        #expect(layouts.prefix(5) == ["pages", "tasks", "slidebox", "grid", "wheel"])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == layouts.count * 3)
        for result in results {
            let stages = try #require(result["stages"] as? [String: [String: Double]])
            for stage in ["session", "layout", "packing", "upload", "submit", "draw", "frame", "cpu"] {
                let s = try #require(stages[stage], "\(stage)")
                let chain = [s["min"], s["median"], s["p90"], s["p99"], s["max"]].compactMap { $0 }
                #expect(chain.count == 5 && chain == chain.sorted(), "\(stage): \(s)")
            }
            #expect((result["cardsPerSecond"] as? Double ?? 0) > 0)
            #expect(result["bytesPerCard"] as? Int == 80)
            #expect((result["frameToFloor"] as? Double ?? 0) > 0)
        }
        let growth = try #require(object["growth"] as? [[String: Any]])
        #expect(growth.count == layouts.count)
        // Every layout's row: frame ÷ floor and the layout's cost per card, finite.
        let rows = try #require(object["layouts"] as? [[String: Any]])
        #expect(rows.map { $0["layout"] as? String ?? "" } == layouts.flatMap { [$0, $0, $0] })
        for row in rows {
            #expect(((row["frameToFloor"] as? Double) ?? .nan).isFinite && (row["frameToFloor"] as? Double ?? 0) > 0, "\(row)")
            #expect(((row["layoutNanosecondsPerCard"] as? Double) ?? .nan).isFinite, "\(row)")
        }
        #expect(outcome.stdout.contains("every layout (the viewer's frame, visible · fast)"))
        let svg = try String(contentsOfFile: plot, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("<polyline") && svg.hasSuffix("</svg>\n"))
    }

    @Test("--layout-file (repeatable) and --set: a row per layout, each file against the built-in it describes")
    func layoutFiles() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/layouts/icarousel")
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let json = folder.path("bench.json")
        let outcome = try ChildProcess.runViewer(Self.tiny + ["--layout", "coverflow",
                                                              "--layout-file", examples.appendingPathComponent("coverflow.json").path,
                                                              "--layout-file", examples.appendingPathComponent("linear.json").path,
                                                              "--set", "spacing=0.5", "--set", "fadeMinAlpha=0.5", "--json", json])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("file coverflow-file / built-in coverflow · 50 cards: layout per card"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
            as? [String: Any])
        let rows = try #require(object["layouts"] as? [[String: Any]])
        #expect(rows.map { $0["layout"] as? String ?? "" } == ["coverflow", "coverflow-file", "linear-file"])
        #expect(rows.map { $0["isFile"] as? Bool ?? false } == [false, true, true])
        for row in rows {
            for key in ["frameToFloor", "frame", "layoutStage", "laidOutPerFrame", "layoutNanosecondsPerCard"] {
                let value = try #require(row[key] as? Double, "\(key)")
                #expect(value.isFinite && value > 0, "\(key): \(row)")
            }
        }
        // The only built-in measured is every file's reference.
        let comparisons = try #require(object["fileComparisons"] as? [[String: Any]])
        #expect(comparisons.map { $0["file"] as? String ?? "" } == ["coverflow-file", "linear-file"])
        for c in comparisons {
            #expect(c["builtIn"] as? String == "coverflow")
            for key in ["layoutPerCard", "layoutStage", "frame", "fileNanosecondsPerCard", "builtInNanosecondsPerCard"] {
                let value = try #require(c[key] as? Double, "\(key)")
                #expect(value.isFinite && value > 0, "\(key): \(c)")
            }
        }
    }

    @Test("zero cards and every layout run and report")
    func degenerate() throws {
        let outcome = try ChildProcess.runViewer(["bench", "--cards", "0", "--warmup", "0", "--frames", "3", "--size", "64x40",
                                                  "--layout", "all", "--all-cards"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("wheel · 0 cards · all · fast"))
    }
}

/// `bench` without headless OpenGL: simulated through glvnd's switch, as for `render`.
@Suite("cardviewer bench without OpenGL (end to end)",
       .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/glvnd/egl_vendor.d/50_mesa.json"),
                "needs Mesa's EGL behind glvnd"))
struct BenchWithoutOpenGLTests {
    @Test("no EGL vendor: exit status 1, one line saying there is no EGL display, nothing on stdout")
    func noDisplay() throws {
        let outcome = try ChildProcess.runViewer(BenchCommandTests.tiny,
                                                 environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/vendor.json"])
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("no EGL display"))
        #expect(outcome.stdout.isEmpty)
    }
}
