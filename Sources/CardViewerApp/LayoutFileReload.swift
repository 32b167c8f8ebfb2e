import CardLayout
import CardLayoutFileLoading
import CardViewerCore

/// The layout file a window shows (`run --layout-file FILE`, or the file the state remembers):
/// watched for the live reload (SPEC §9) and remembered in the state with the last built-in
/// layout shown, where the next start goes if the file is then gone or broken (SPEC §12).
///
/// The window loop calls `poll` every time round, and waits at most `idleWait` for events while
/// idle, so a save shows within half a second even when nothing else happens.
final class LayoutFileReload {
    /// The longest an idle window sleeps while a file is watched, seconds.
    static let idleWait = 0.25

    /// The file, absolute.
    let path: String
    /// The file's layout as registered now (a reload may rename it).
    private(set) var kind: LayoutKind
    /// The last built-in layout shown (`nil`: none yet, the state's fallback is `pages`).
    private(set) var builtIn: String?
    private let watcher: LayoutFileWatcher?
    private let warn: @Sendable (String) -> Void

    /// Watches `path`, whose layout is registered as `kind`. A folder that cannot be watched is a
    /// warning: the layout is shown, without the reload.
    init(path: String, kind: LayoutKind, builtIn: String?, warn: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.kind = kind
        self.builtIn = builtIn
        self.warn = warn
        do {
            watcher = try LayoutFileWatcher(path: path, warn: warn)
        } catch {
            warn("\(error.description); the layout will not reload when the file is saved")
            watcher = nil
        }
    }

    /// Hands a save of the file to `session`: a good one is registered in place of the old
    /// version and shown (`layoutReloaded`); a broken one (or the file removed) puts
    /// `FILE:LINE:COLUMN: message` on screen and on standard error, the last good layout
    /// staying. Nothing is allocated when the file was not touched.
    func poll(_ session: ViewerSession) {
        guard let change = watcher?.poll() else { return }
        switch change {
        case .changed(let file):
            do {
                let reloaded = try watcher!.register(file)
                session.layoutReloaded(reloaded, replacing: kind)
                kind = reloaded
            } catch {
                failed(error.description, session)
            }
        case .failed(let error):
            failed(error.description, session)
        }
    }

    private func failed(_ message: String, _ session: ViewerSession) {
        warn(message)
        session.layoutReloadFailed(message)
    }

    /// `layout` (the session's, for the state file) with the file's path and the last built-in
    /// layout when it is the file's; a built-in `layout` becomes the last built-in one.
    func saved(_ layout: SavedLayout) -> SavedLayout {
        if LayoutRegistry.builtIn.contains(where: { $0.name == layout.name }) {
            builtIn = layout.name
            return layout
        }
        guard layout.name == kind.name else { return layout }
        var saved = layout
        saved.file = path
        saved.builtIn = builtIn
        return saved
    }

    /// How long the window may wait for events: never longer than `idleWait` (`nil`: until an event).
    static func wait(_ timeout: Double?) -> Double { min(timeout ?? idleWait, idleWait) }
}
