import CardFiles
import CardRendering
import CardWindow
import Foundation

/// Compiles the decorations' card program on a second thread while the main thread opens the
/// viewer and compiles the others (`CompileAhead`), when a first frame would otherwise wait
/// for all of them: on a software renderer (llvmpipe) whose shader cache has never seen
/// this program. A start with the programs cached costs nothing: no hidden window, no thread.
///
/// Which starts found the cache cold is kept in a stamp (`stampPath`): the renderer, its
/// version and the card shaders' digest, written once a compile ahead finished. Mesa keeps what
/// it compiled in its own cache (`mesa_shader_cache`); a stamp without that folder does not
/// count.
final class ProgramsAhead {
    /// What the renderer takes the programs from.
    let work: CompileAhead
    private let context: GLFWSharedContext
    private let done = DispatchSemaphore(value: 0)
    private var closed = false

    private init(work: CompileAhead, context: GLFWSharedContext) {
        self.work = work
        self.context = context
    }

    /// Starts compiling ahead for `window` (its context current on this, the main thread),
    /// whose first frame samples textures of `shapes`; nil when there is nothing to gain
    /// (see the type's notes) or the hidden context cannot be made.
    static func start(window: GLFWWindowContext, shapes: CompileAhead.Shapes,
                      environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgramsAhead? {
        let info = GLInfo.current()
        guard isSoftware(renderer: info.renderer), let stamp = stampPath(environment: environment) else { return nil }
        let key = stampKey(info)
        if hasCompiled(key: key, stampPath: stamp, environment: environment) { return nil }
        guard let context = try? window.makeSharedContext() else { return nil }
        let ahead = ProgramsAhead(work: CompileAhead(shapes: shapes), context: context)
        // The frames drawn meanwhile left the decorations out: the next one draws them.
        ahead.work.published = { GLFWWindowContext.wakeEventLoop() }
        let thread = Thread { [work = ahead.work, done = ahead.done] in
            do {
                try CardRenderer.compileAhead(work, in: context)
                writeStamp(key, to: stamp)
            } catch {
                work.finish()
            }
            context.releaseCurrent()
            done.signal()
            // The window may be at rest: it closes the hidden one at its next turn (`closeIfDone`).
            GLFWWindowContext.wakeEventLoop()
        }
        thread.name = "compile ahead"
        thread.start()
        return ahead
    }

    /// Destroys the hidden window once the thread is done with it (its programs live on in
    /// the window's context, and so does the code compiled for them); main thread. Returns
    /// whether it is closed; never waits.
    func closeIfDone() -> Bool {
        guard !closed else { return true }
        guard done.wait(timeout: .now()) == .success else { return false }
        context.close()
        closed = true
        return true
    }

    /// Waits for the thread (at most a few seconds), then closes as `closeIfDone`: at the end
    /// of the viewer.
    func close() {
        guard !closed else { return }
        _ = done.wait(timeout: .now() + 5)
        context.close()
        closed = true
    }

    /// How long a frame that must be whole (the last one, for `--screenshot`) waits for the
    /// programs compiled ahead, seconds: far above the compile (about 0.3 s on llvmpipe).
    static let wholeFrameWait = 5.0

    /// Whether `renderer` (GL_RENDERER) draws on the CPU: Mesa's llvmpipe and softpipe, where
    /// compiling a program takes a tenth of a second or more.
    static func isSoftware(renderer: String) -> Bool {
        let name = renderer.lowercased()
        return name.contains("llvmpipe") || name.contains("softpipe")
    }

    /// The stamp's file: `$XDG_CACHE_HOME/cardviewer/compiled-programs` (or under
    /// `~/.cache`); nil without either variable.
    static func stampPath(environment: [String: String]) -> String? {
        CacheHome.folder(environment: environment).map { $0 + "/cardviewer/compiled-programs" }
    }

    /// Mesa's shader cache folder (`MESA_SHADER_CACHE_DIR`, else `mesa_shader_cache` in the
    /// cache home); nil when there is none.
    static func mesaCache(environment: [String: String]) -> String? {
        if let dir = environment["MESA_SHADER_CACHE_DIR"], dir.hasPrefix("/") { return dir }
        return CacheHome.folder(environment: environment).map { $0 + "/mesa_shader_cache" }
    }

    /// The stamp's one line: renderer, version and the card shaders' FNV-1a digest.
    static func stampKey(_ info: GLInfo) -> String {
        "\(info.renderer) | \(info.version) | \(CompileAhead.sourceDigest)"
    }

    /// Whether the stamp says `key`'s programs were compiled (and Mesa's cache folder is there).
    static func hasCompiled(key: String, stampPath: String, environment: [String: String]) -> Bool {
        guard let cache = mesaCache(environment: environment), FileInfo.isFolder(cache),
              let bytes = try? FileBytes.readAll(stampPath, maximumSize: 4096) else { return false }
        return bytes == Array((key + "\n").utf8)
    }

    /// Writes the stamp atomically (a temporary file renamed over it, not flushed: losing it
    /// only means the next start compiles ahead again); a failure is ignored for that reason.
    private static func writeStamp(_ key: String, to path: String) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard Folder.make(folder, mode: 0o700) == nil else { return }
        try? AtomicFile.replace(path, with: Array((key + "\n").utf8), options: AtomicFile.Options(durable: false))
    }
}

extension GLFWSharedContext: GraphicsContext {}
