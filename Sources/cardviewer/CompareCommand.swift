import ArgumentParser
import CardFiles
import CardCompare
import CardImaging
import CardLayout
import CardMath
import CardRendering
import CardViewerCore
import Foundation

/// A scene name, or `all`.
enum SceneChoice {
    /// Every accepted value: `all`, `none` (only the `--layout` scene), then the scene names:
    /// the fixed scenes, then the catalogue's layout scenes whose layout is registered.
    static var allValueStrings: [String] {
        ["all", "none"] + SceneKind.allCases.map(\.rawValue) + RestingLayoutScene.available().map(\.name)
    }

    /// The scenes `argument` names, or `nil` for an unknown name.
    static func scenes(_ argument: String) -> (fixed: [SceneKind], layouts: [RestingLayoutScene])? {
        switch argument {
        case "all": return (SceneKind.allCases, RestingLayoutScene.available())
        case "none": return ([], [])
        default:
            if let kind = SceneKind(rawValue: argument) { return ([kind], []) }
            return RestingLayoutScene.available().first { $0.name == argument }.map { ([], [$0]) }
        }
    }
}

/// `cardviewer compare`: each scene drawn headless with `zindex` ordering and with the depth
/// buffer (translucency peeled, and sorted for contrast), against an exact CPU reference.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare zindex and depth ordering with an exact CPU reference, scene by scene.",
        discussion: """
            Renders each scene headless (EGL) with identity colours in three ways: zindex (Core \
            Animation's back-to-front zIndex order), depth (the depth buffer; translucent cards \
            depth-peeled) and depth-sorted (translucent cards sorted back to front instead), and \
            ray-casts every pixel on the CPU with the same camera and matrices. Pixels within one \
            pixel of a card edge or an intersection line are not counted. Writes \
            compare-NAME.png per scene (zindex, depth and the reference side by side, wrong \
            pixels magenta) into --out-dir, prints a table, and with --json writes \
            {"scenes":[{"name":…,"pixels":…,"orderings":{"zindex":{"wrongFraction":…},"depth":{…}}}]}.
            """
    )

    /// Larger images would need gigabytes for the reference's per-pixel arrays.
    static let maximumPixels = 4096 * 4096

    @Option(help: "The scene: \(SceneChoice.allValueStrings.joined(separator: ", ")).")
    var scene: String = "all"

    @Option(help: ArgumentHelp("Also compare this layout at rest (scene layout-NAME; any layout of cardviewer layouts).",
                               valueName: "name"))
    var layout: LayoutKind?

    @Option(name: .customLong("layout-file"), help: LayoutFileArgument.help)
    var layoutFile: String?

    /// The layout of the extra scene: `--layout`, or the layout file's.
    var sceneLayout: LayoutKind? {
        if let layoutFile { return try? LayoutFileArgument.kind(layoutFile) }
        return layout
    }

    @OptionGroup var layoutSettings: LayoutSettings

    /// PATHs (`--images`, `-r`): the layout scene has one card per picture (listed, not read;
    /// the reference draws cards, not pictures).
    @OptionGroup var deck: DeckPathOptions

    @OptionGroup var camera: CameraOptions

    @Option(help: "Image size in pixels, WxH (scenes are laid out 800 points tall at the image's aspect ratio).")
    var size: ViewportSize = ViewportSize(argument: "640x400")!

    @Option(name: .customLong("out-dir"), help: "Directory for the compare-NAME.png images; created when missing.")
    var outDir: String = "."

    @Option(help: "Also write the report as JSON to this file.")
    var json: String?

    @Option(name: .customLong("repeat"), help: "Frames timed per ordering (the median is reported), 1…1000.")
    var repeats: Int = 1

    @Option(help: "Channel difference (0…255) still counted as right.")
    var tolerance: Int = ImageDifference.defaultTolerance

    func validate() throws {
        if let layoutFile {
            guard layout == nil else { throw ValidationError("--layout and --layout-file both name a layout; give one") }
            _ = try LayoutFileArgument.kind(layoutFile)
        }
        if let layout = sceneLayout {
            _ = try layoutSettings.values(for: layout)
        } else if !layoutSettings.assignments.isEmpty {
            throw ValidationError("--set needs --layout or --layout-file")
        }
        if deck.deckPaths != nil, sceneLayout == nil {
            throw ValidationError("PATHs (and --images) need --layout or --layout-file: they give its scene one card per picture")
        }
        if scene == "none" && sceneLayout == nil { throw ValidationError("--scene none needs --layout or --layout-file") }
        guard SceneChoice.scenes(scene) != nil else {
            throw ValidationError("unknown scene '\(scene)'; use one of: \(SceneChoice.allValueStrings.joined(separator: ", "))")
        }
        let pixels = Int(size.size.width) * Int(size.size.height)
        guard pixels <= Self.maximumPixels else {
            throw ValidationError("--size \(Int(size.size.width))x\(Int(size.size.height)) is too large for compare (at most \(Self.maximumPixels) pixels)")
        }
        guard (1...1000).contains(repeats) else { throw ValidationError("--repeat must be 1…1000, got \(repeats)") }
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0…255, got \(tolerance)") }
        try FileOptions.checkFolder("--out-dir", outDir)
        try FileOptions.checkOutput("--json", json)
    }

    func run() throws {
        let pixels = PixelSize(width: Int(size.size.width), height: Int(size.size.height))
        if let failure = Folder.make(outDir, mode: 0o777) {
            throw RuntimeFailure("cannot create directory '\(outDir)': \(failure)")
        }
        let comparer: SceneComparer
        do {
            comparer = try SceneComparer(pixels: pixels)
        } catch let error as RenderError {
            throw commandFailure(error)
        }
        let viewport = SceneKind.viewport(for: pixels)
        let chosen = SceneChoice.scenes(scene) ?? ([], [])
        var scenes = chosen.fixed.map { $0.scene(viewport: viewport) }
        // The fixed scenes' cards, seen from the camera asked for (their layouts culled at 1500).
        for k in scenes.indices { scenes[k].eyeDistance = camera.eyeDistance }
        // A layout's scenes: from the camera asked for, else the layout's own distance (as `run`
        // and `render` show it); the renderer and the reference share it.
        for entry in chosen.layouts {
            do {
                let distance = LayoutRegistry.shared.descriptor(named: entry.layout).map { camera.eyeDistance(for: $0) }
                if let layoutScene = try entry.scene(viewport: viewport, eyeDistance: distance) { scenes.append(layoutScene) }
            } catch {
                throw RuntimeFailure("scene '\(entry.name)': \(error)")
            }
        }
        if let layout = sceneLayout {
            scenes.append(.resting(layout.descriptor, options: try layoutSettings.values(for: layout), viewport: viewport,
                                   cardCount: try deckCardCount() ?? 30, eyeDistance: camera.eyeDistance(for: layout.descriptor)))
        }
        var comparisons: [SceneComparison] = []
        for scene in scenes {
            let comparison: SceneComparison
            do {
                comparison = try comparer.compare(scene, repeats: repeats, tolerance: tolerance)
            } catch let error as RenderError {
                throw commandFailure(error)
            }
            let path = (outDir as NSString).appendingPathComponent("compare-\(scene.name).png")
            do {
                try PNGCodec.write(comparison.sideBySide(), to: path)
            } catch let error as PNGError {
                throw RuntimeFailure(error.description)
            }
            comparisons.append(comparison)
        }
        print(ComparisonReport.table(comparisons))
        if let json {
            let text = ComparisonReport.json(comparisons, pixels: pixels, renderer: comparer.driver.renderer, tolerance: tolerance)
            do {
                try AtomicFile.replace(json, with: Array((text + "\n").utf8))
            } catch let error as FileWriteError {
                throw RuntimeFailure("cannot write JSON '\(json)': \(error.reason)")
            }
        }
    }
}

extension CompareCommand {
    /// The pictures of the PATHs, counted (nothing decoded); `nil` without PATHs.
    func deckCardCount() throws -> Int? {
        guard let paths = deck.deckPaths else { return nil }
        do {
            return try DeckLoader.catalog(for: .paths(paths, recursive: deck.recursive)).catalog.pictures.count
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        }
    }
}
