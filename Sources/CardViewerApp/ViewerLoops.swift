import CardPixels
import CardViewerCore
import CardWindow

/// The real-time loop of a window: GLFW's events go to the session stamped with the window's
/// clock, the session advances to the window's time, and a frame is drawn whenever the session
/// says the screen is behind (`needsDisplay`: an event, a redraw request from the window —
/// expose, focus —, or motion since the last frame, the motion's last step included, so the
/// resting frame after every animation is drawn). While anything moves the loop runs frame
/// after frame (vsync paces them); at rest it sleeps in `glfwWaitEvents`, waking for input or
/// the session's next deadline (a long press, a fading hint), and costs nothing (with a layout
/// file, it wakes four times a second to look for a save: `LayoutFileReload`).
struct WindowLoop {
    let window: GLFWWindowContext
    let driver: ViewerDriver
    /// The decorations program compiled on another thread (`ProgramsAhead`), if any: frames
    /// leave the decorations out until it lands, then one is drawn with them; the hidden
    /// window it was compiled in is closed as soon as its thread is done.
    var programsAhead: ProgramsAhead?

    func run(capturingLastFrame: Bool) throws -> RGBAImage? {
        let session = driver.session
        var trimmed = false
        var compilerPages = CompilerPages.Schedule()
        var ahead = programsAhead
        while !session.shouldQuit {
            let (release, timeout) = compilerPages.beforeWaiting(waitTime(), at: window.time)
            if release { CompilerPages.releaseInBackground() }
            // A frame after a sleep has no frame interval (the HUD would count the pause).
            if timeout != 0 { driver.restartFrameTiming() }
            driver.beginFrame()
            window.pollEvents(timeout: timeout) { event in session.handle(event) }
            driver.layoutFile?.poll(session)
            if window.shouldClose { session.handle(.close(time: window.time)) }
            session.advance(to: window.time)
            if session.takeFullscreenRequests() % 2 == 1 {
                window.toggleFullscreen()
                session.isFullscreen = window.isFullscreen  // the info panel's flash after each step
            }
            driver.followSession()
            if session.shouldQuit { break }
            if canDraw { try driver.updatePictures() }
            if let compiling = ahead {
                if compiling.work.takeNews() { session.requestFrame() }
                if compiling.closeIfDone() {
                    ahead = nil
                    HeapTrim.trim()  // the compile's memory, as after the first frame
                }
            }
            if session.needsDisplay, canDraw {
                try driver.drawFrame()
                if compilerPages.frameDrawn(at: window.time) { CompilerPages.releaseInBackground() }
                if !trimmed {  // the shaders compiled (`HeapTrim`)
                    trimmed = true
                    HeapTrim.trim()
                }
            }
        }
        guard capturingLastFrame else { return nil }
        ahead?.work.waitUntilDone(timeout: ProgramsAhead.wholeFrameWait)
        try driver.updatePictures()
        try driver.waitForPictures("--screenshot")
        return try driver.drawFrame(capture: true)
    }

    /// How often a window at rest looks for pictures the deck's listing found, seconds.
    static let listingPoll = 0.1

    /// Whether a frame can be drawn: not while minimised (no drawable).
    private var canDraw: Bool { !driver.session.isMinimized && !window.drawableSize.isEmpty }

    /// How long to wait for events before the next frame: the session's policy at the window's
    /// time (0 while anything moves or a frame is owed, until the next deadline, or until an
    /// event at rest); with a layout file watched, at most `LayoutFileReload.idleWait`, so a
    /// save is seen while idle.
    func waitTime() -> Double? {
        var wait = driver.session.waitBeforeNextFrame(now: window.time, canDraw: canDraw)
        // While the deck is still being listed, wake to append what it found.
        if driver.listing != nil { wait = min(wait ?? Self.listingPoll, Self.listingPoll) }
        return driver.layoutFile == nil ? wait : LayoutFileReload.wait(wait)
    }
}

/// A replay: the script's events through the session on a virtual clock at 60 frames per
/// second (`ReplayPlayer`), every frame drawn; the window's own input is ignored (its close
/// button still ends the replay). At a `waitForPictures` event, and before the frame
/// `--screenshot` writes, the clock stops until the cards in view show their pictures. Returns
/// the last frame when asked. With `capture` (`record`), the frames it asks for are drawn as the
/// screenshot's is (pictures waited for) and handed to it as they are drawn.
struct ReplayLoop {
    let script: ReplayScript
    let driver: ViewerDriver
    let surface: ViewerSurface
    var capture: ReplayFrameCapture?

    func run(capturingLastFrame: Bool) throws -> RGBAImage? {
        let session = driver.session
        var player = ReplayPlayer(script: script)
        var last: RGBAImage?
        while true {
            driver.beginFrame()
            let number = player.frame
            if let capture, capture.isPast(player.nextFrameTime) { break }
            guard let time = player.playFrame(into: session) else { break }
            if case .window(let window) = surface {
                window.pollEvents(timeout: 0) { event in
                    if case .close = event { session.handle(.close(time: time)) }
                }
                // The window follows the script's viewport (`match`): F and F11 change nothing.
                _ = session.takeFullscreenRequests()
            }
            driver.followSession()
            try surface.match(viewport: session.viewport)
            try driver.updatePictures()
            if player.waitsForPictures { try driver.waitForPictures("waitForPictures at \(Self.seconds(time)) s") }
            let capturing = capturingLastFrame && player.isFinished
            let taking = capture?.wants(frame: number, time: time) ?? false
            // The screenshot's frame shows the pictures in view, as a waitForPictures would. A
            // recording waits at every frame, taken or not: a picture arriving between two frames
            // taken would otherwise start its fade at a time that depends on the decoders' speed,
            // and the frames after it would differ from run to run.
            if capturing || capture != nil, !player.waitsForPictures {
                try driver.waitForPictures(capture != nil ? "record at \(Self.seconds(time)) s" : "--screenshot")
            }
            let image = try driver.drawFrame(capture: capturing || taking, interval: player.step)
            if capturing, image != nil { last = image }
            if taking, let capture, let image { try capture.hand(time, image) }
        }
        return last
    }

    /// `time` with two decimals, for messages.
    static func seconds(_ time: Double) -> String {
        let hundredths = Int((time * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
