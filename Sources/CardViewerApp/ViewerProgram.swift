import CardFiles
import CardImaging
import CardLayout
import CardLayoutFileLoading
import CardMath
import CardPictureFolders
import CardPixels
import CardRendering
import CardViewerCore
import CardViewerFrame
import CardWindow
import Foundation

/// `cardviewer run`: checks the options, loads the deck (restoring its saved state), opens a
/// window (or an offscreen EGL context for headless replays) and runs the viewer until Q, the
/// window's close button or the end of the replay; then saves the deck and the last frame.
public enum ViewerProgram {
    /// Runs the viewer. `report` gets informational lines (standard output), `warn` one-line
    /// warnings (standard error).
    ///
    /// - Throws: `ViewerFailure.badInput` for options or input files that cannot work,
    ///   `.runtime` for failures while running (no display, no OpenGL 3.3, unwritable files).
    public static func run(_ options: ViewerOptions, report: @escaping (String) -> Void,
                           warn: @escaping @Sendable (String) -> Void) throws {
        let script = try checked(options)
        // `cardviewer FILE` while a window shows FILE's folder: that window shows it (SPEC §14).
        // Otherwise a window on one folder listens from now on, before its window opens, so a
        // `cardviewer FILE` started while it starts hands its file over too.
        let inbox = SingleInstanceInbox()
        var listener: SingleInstanceListener?
        if script == nil, !options.headless {
            switch SingleInstance.claim(options.paths, offering: options.handsOver, inbox: inbox, warn: warn) {
            case .handedOver(let line):
                report(line)
                return
            case .listening(let started): listener = started
            case .neither: break
            }
        }
        // On the ways out before the window opens (after, the window's own `defer` stops it first).
        defer { listener?.stop() }
        let store = try stateStore(options, warn: warn)
        do {
            try store?.checkUsable()
        } catch let error as DeckStoreError {
            throw ViewerFailure.runtime(error.description)
        }
        // Held until the viewer returns: a second viewer on the same state reads it but saves nothing.
        let claim = StateClaim(store)
        var builder = ViewerBuilder(deck: options.paths.map { .paths($0, recursive: options.recursive) }
                                        ?? options.cardCount.map { .synthetic(count: $0) } ?? .bundled,
                                    layout: options.layout)
        builder.layoutOptions = options.layoutOptions
        builder.layoutNamedByUser = options.layoutNamedByUser
        builder.eyeDistance = options.eyeDistance
        builder.store = store
        builder.ordering = options.ordering
        builder.offset = options.offset
        builder.offsetNamedByUser = options.offsetNamedByUser
        builder.pictures = options.pictures
        builder.sort = options.sort
        // The hint is for people at a window; a replay's frames stay those of its script.
        builder.showsStartHint = script == nil
        // A window shows the first folder at once and the rest as listed; a replay's frames stay
        // those of its script, whatever the listing's speed.
        builder.streamsListing = script == nil
        builder.drawsOverlay = true
        builder.overlayWaitsForFont = script != nil
        builder.warn = warn
        var loaded: ViewerBuilder.LoadedDeck
        do {
            loaded = try builder.loadDeck()
        } catch let error as DeckLoadError {
            throw ViewerFailure.badInput(error.description)
        } catch let error as DeckStoreError {
            throw ViewerFailure.runtime(error.description)
        }
        loaded.warnings.forEach(warn)
        let remembered = loaded.savedLayout
        let layoutFile = startingLayoutFile(options, loaded: &loaded, warn: warn)
        if let directory = options.paths?.first, loaded.catalog.available.isEmpty {
            // While the listing goes on, pictures may still come: no warning, the panel says it.
            if loaded.listing == nil { warn("no \(pictureKinds) pictures in '\(PathBytes.displayed(directory))': the deck starts empty") }
            builder.emptyDeckLines = emptyFolderLines(directory)
        }

        // A window's first screen of pictures is prepared while the window opens (replays keep
        // their frames those of their script).
        let prefetch = script == nil && !options.headless ? builder.startFirstScreenPrefetch(loaded, viewport: options.size) : nil
        let surface = try ViewerSurface.open(options, replay: script != nil)
        // A window's decorations program is compiled on a second thread while this one goes on
        // (a brand-new shader cache on llvmpipe only: ProgramsAhead).
        var ahead: ProgramsAhead?
        if script == nil, case .window(let window) = surface {
            ahead = ProgramsAhead.start(window: window, shapes: builder.firstFrameShapes(
                loaded, framebuffer: window.drawableSize, viewport: window.viewportSize))
            builder.compileAhead = ahead?.work
        }
        // Before the window goes (GLFW ends with it).
        defer { withExtendedLifetime(surface) { ahead?.close() } }
        // The prefetch planned one pixel per point: a HiDPI window's pictures are larger.
        let prefetchFits = surface.viewport == options.size && surface.pixelsPerPoint == 1
        if !prefetchFits { prefetch?.discard() }
        let driver: ViewerDriver
        do {
            let viewer = try builder.build(loaded, on: surface.context, viewport: surface.viewport,
                                           prefetch: prefetchFits ? prefetch : nil)
            driver = ViewerDriver(viewer: viewer, store: claim.savingStore, pictureWaitTimeout: options.pictureWaitTimeout,
                                  screenshotDirectory: options.screenshotDirectory ?? ".", report: report, warn: warn)
        } catch let error as RenderError {
            throw ViewerFailure(error)
        }
        let session = driver.session
        // The command line's culling choices win over the state's (SPEC §12).
        if let pickLabel = options.pickLabel { session.pickLabel = pickLabel }
        session.autoAdvance = options.autoAdvance
        // Remembered in the state either way; only the window loop polls it (replays stay
        // their script's).
        driver.layoutFile = layoutFile
        driver.countsAllocations = options.allocationReport
        driver.listsDroppedFoldersRecursively = options.recursive
        driver.listing = loaded.listing
        if case .window(let window) = surface { driver.setTitle = { window.setTitle($0) } }
        // A window on one folder takes the pictures a second `cardviewer FILE` opens there (those
        // that came while it opened wait in the inbox for its first frame).
        if listener != nil, case .window(let window) = surface {
            inbox.setWake { GLFWWindowContext.wakeEventLoop() }
            driver.openRequests = inbox
            driver.raiseWindow = { window.raise() }
        } else {
            listener?.stop()
            listener = nil
        }
        // Before the window closes: the listener's thread wakes the window's event loop.
        defer { withExtendedLifetime(surface) { listener?.stop() } }
        driver.frameLog = options.frameLogPath.map(FrameLog.init(path:))
        // Saved at once when the deck changed on disk, or the layout shown is not the one the
        // state file remembers (a new --layout or --set, an older file without one, a
        // remembered layout file gone or broken: the state then names the built-in layout shown).
        if loaded.needsSave || (store != nil && remembered != driver.savedLayout()) { driver.save() }
        if let message = claim.message {
            warn(message)
            session.showMessage(message)
        }

        let last: RGBAImage?
        do {
            if let script {
                last = try ReplayLoop(script: script, driver: driver, surface: surface, capture: options.capture)
                    .run(capturingLastFrame: options.screenshotPath != nil)
            } else if case .window(let window) = surface {
                last = try WindowLoop(window: window, driver: driver, programsAhead: ahead)
                    .run(capturingLastFrame: options.screenshotPath != nil)
            } else {
                last = nil
            }
        } catch let error as RenderError {
            session.quit()
            driver.saveOnQuit()
            try? driver.writeFrameLog()
            throw ViewerFailure(error)
        } catch let failure as ViewerFailure {
            session.quit()
            driver.saveOnQuit()
            try? driver.writeFrameLog()
            throw failure
        }
        listener?.stop()  // a picture opened from now on starts a window of its own
        session.quit()
        driver.saveOnQuit()
        try driver.writeFrameLog()
        if options.allocationReport { report(driver.allocations.summary) }
        if let path = options.screenshotPath { try writeScreenshot(last, to: path, warn: warn) }
        withExtendedLifetime(claim) {}
    }

    /// Where the deck's state lives: `--state FILE`; without it, for a deck of PATHs, its file
    /// in `$XDG_STATE_HOME/cardviewer/` (`DeckStateLocation`); `nil` with `--no-state`, and for
    /// the bundled deck and `--cards N` without `--state`.
    ///
    /// A default state that cannot be kept (its folder cannot be made or written) is a warning,
    /// and the viewer runs without saving; `--state FILE` that cannot be saved stays an error.
    static func stateStore(_ options: ViewerOptions, warn: (String) -> Void) throws -> DeckStore? {
        guard options.keepsState else { return nil }
        if let path = options.statePath { return DeckStore(path: path) }
        guard let paths = options.paths else { return nil }
        let canonical: [String]
        do {
            canonical = try DeckPaths.canonicalPaths(paths)
        } catch let error as DeckLoadError {
            throw ViewerFailure.badInput(error.description)
        }
        do {
            guard let path = try DeckStateLocation.path(canonicalPaths: canonical, recursive: options.recursive) else { return nil }
            // A loop of links or a link to nothing there: said once, here, not at every save.
            if let reason = OptionPath.stateProblem(path) {
                warn("cannot save state to '\(path)': \(reason); this window will not save (--state FILE chooses another place)")
                return nil
            }
            let store = DeckStore(path: path)
            try store.checkUsable()
            return store
        } catch {
            warn("\(error); this window will not save (--state FILE chooses another place)")
            return nil
        }
    }

    /// The layout file to start with: `--layout-file`'s, or (without `--layout` or
    /// `--layout-file`) the one the state remembers, registered here. A remembered file that is
    /// gone, broken or not a regular file (a FIFO, a device: never waited on; over 1 MiB: never
    /// read) is a one-line warning naming it, why, and the layout shown instead: the built-in
    /// layout shown before it (`SavedLayout.fallingBack`, which `loaded.savedLayout` becomes).
    private static func startingLayoutFile(_ options: ViewerOptions, loaded: inout ViewerBuilder.LoadedDeck,
                                           warn: @escaping @Sendable (String) -> Void) -> LayoutFileReload? {
        let saved = loaded.savedLayout
        if let path = options.layoutFile {
            let builtIn = saved?.file == nil ? saved?.name : saved?.builtIn
            return LayoutFileReload(path: path, kind: options.layout, builtIn: builtIn, warn: warn)
        }
        guard !options.layoutNamedByUser, let saved, let path = saved.file else { return nil }
        do {
            let kind = try LayoutFileLoader.register(path, warn: warn)
            // The file may have renamed its layout since: its options carry over by name.
            loaded.savedLayout?.name = kind.name
            return LayoutFileReload(path: path, kind: kind, builtIn: saved.builtIn, warn: warn)
        } catch {
            let fallback = saved.fallingBack(to: options.layout)
            warn("the layout file the state remembers cannot be used: \(error.description); starting in the \(fallback.name) layout")
            loaded.savedLayout = fallback
            return nil
        }
    }

    /// The kinds of picture file a folder deck shows, for messages (`PictureKinds`).
    static let pictureKinds = PictureFolder.kindsText

    /// What the window says when `--images DIR` holds no picture: which folder, what was
    /// expected there (every format read, `PictureKinds`, in lines of at most 48 characters),
    /// what can be done now.
    static func emptyFolderLines(_ directory: String) -> [String] {
        let directory = PathBytes.displayed(directory)
        return ["No pictures in", "  " + (directory.count <= 60 ? directory : "..." + directory.suffix(57))]
            + wrapped("A folder deck shows its \(PictureKinds.listed("and")) files.", width: 48)
            + ["Add some and start again, or drop pictures on the window."]
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word alone).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// The options checked together, before anything is loaded; the parsed replay script. The
    /// files named (`--state`, `--replay`, `--screenshot`, `--log-frames`) are checked for
    /// what they name first (`OptionPath`): a folder, a FIFO, a device, a link to nothing (for
    /// `--state`, which is written through its link: to a file whose folder is missing), a loop
    /// of links, a missing folder above them is bad input, one line naming the option.
    private static func checked(_ options: ViewerOptions) throws -> ReplayScript? {
        if options.statePath?.isEmpty == true { throw ViewerFailure.badInput("--state needs a file name") }
        if options.replayPath?.isEmpty == true { throw ViewerFailure.badInput("--replay needs a file name") }
        if options.headless, options.replayPath == nil {
            throw ViewerFailure.badInput("--headless needs --replay FILE (without a window there is no input)")
        }
        if options.cardCount != nil, options.paths != nil {
            throw ViewerFailure.badInput("--cards and --images cannot be combined (a folder deck has one card per image)")
        }
        if let count = options.cardCount, count > ViewerOptions.maximumCardCount {
            throw ViewerFailure.badInput("--cards: the viewer shows at most \(ViewerOptions.maximumCardCount) cards (layout and bench take more)")
        }
        // An existing folder: `--screenshot-dir 'x': no such folder`, `… it is not a folder`.
        if let refusal = OptionPath.refusal("--screenshot-dir", options.screenshotDirectory, {
            FileInfo.isFolder($0) ? nil : OptionPath.folderProblem($0) ?? "no such folder"
        }, what: "a directory path") {
            throw ViewerFailure.badInput(refusal)
        }
        // A read-only folder is found by the write itself, after the replay.
        try checkFile("--screenshot", options.screenshotPath, OptionPath.outputProblem)
        try checkFile("--log-frames", options.frameLogPath, OptionPath.outputProblem)
        try checkFile("--state", options.statePath, OptionPath.stateProblem)
        try checkFile("--replay", options.replayPath, OptionPath.inputProblem)
        do {
            return try options.replayPath.map(ReplayScript.load(contentsOf:))
        } catch let error as ReplayError {
            throw ViewerFailure.badInput(error.description)
        }
    }

    /// Refuses the file `option` names when it is empty or `problem` finds it wrong.
    private static func checkFile(_ option: String, _ path: String?, _ problem: (String) -> String?) throws {
        if let refusal = OptionPath.refusal(option, path, problem) { throw ViewerFailure.badInput(refusal) }
    }

    private static func writeScreenshot(_ image: RGBAImage?, to path: String, warn: (String) -> Void) throws {
        guard let image else {
            warn("no frame to write to '\(path)': the window was minimised at the end")
            return
        }
        do {
            try PNGCodec.write(image, to: path)
        } catch let error as PNGError {
            throw ViewerFailure.runtime(error.description)
        }
    }
}
