import CardImaging
import CardViewerCore
import CardWindow

/// The real-time loop of a window: GLFW's events go to the session stamped with the window's
/// clock, the session advances to the window's time each frame, frames are drawn while anything
/// moves (vsync paces them) and the loop sleeps in `glfwWaitEvents` when nothing does.
struct WindowLoop {
    let window: GLFWWindowContext
    let driver: ViewerDriver

    func run(capturingLastFrame: Bool) throws -> RGBAImage? {
        let session = driver.session
        var needsDraw = true
        while !session.shouldQuit {
            let busy = needsDraw || session.needsFrames
            // Minimised and busy: no vsync to pace the loop, so wait a frame's time.
            let timeout: Double? = busy ? (session.isMinimised ? 1.0 / 60 : 0) : nil
            driver.beginFrame()
            window.pollEvents(timeout: timeout) { event in
                needsDraw = true
                session.handle(event)
            }
            if window.shouldClose { session.handle(.close(time: window.time)) }
            session.advance(to: window.time)
            driver.saveIfChanged()
            if session.shouldQuit { break }
            if needsDraw || session.needsFrames, !session.isMinimised, !window.drawableSize.isEmpty {
                try driver.drawFrame()
                needsDraw = false
            }
        }
        return capturingLastFrame ? try driver.drawFrame(capture: true) : nil
    }
}

/// A replay: the script's events through the session on a virtual clock at 60 frames per
/// second (`ReplayPlayer`), every frame drawn; the window's own input is ignored (its close
/// button still ends the replay). Returns the last frame when asked.
struct ReplayLoop {
    let script: ReplayScript
    let driver: ViewerDriver
    let surface: ViewerSurface

    func run(capturingLastFrame: Bool) throws -> RGBAImage? {
        let session = driver.session
        var player = ReplayPlayer(script: script)
        var last: RGBAImage?
        while true {
            driver.beginFrame()
            guard let time = player.playFrame(into: session) else { break }
            if case .window(let window) = surface {
                window.pollEvents(timeout: 0) { event in
                    if case .close = event { session.handle(.close(time: time)) }
                }
            }
            driver.saveIfChanged()
            try surface.match(viewport: session.viewport)
            let image = try driver.drawFrame(capture: capturingLastFrame && player.isFinished, interval: player.step)
            if image != nil { last = image }
        }
        return last
    }
}
