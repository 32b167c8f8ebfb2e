import CardFiles
import CardPictureFolders
import CardViewerCore

/// One window per folder (SPEC §14): `cardviewer FILE` first offers FILE to a viewer already
/// showing FILE's folder (`handOver`), and a window on one folder listens for such offers
/// (`listen`). Replays, `--headless` and `render` neither offer nor listen. A viewer does both
/// at start, before its window opens (`claim`), under a lock, so that two launches back to back
/// make one window.
public enum SingleInstance {
    /// `$XDG_RUNTIME_DIR`, where the sockets are (`SingleInstanceMessage`).
    static var runtimeDirectory: String? { PathBytes.environment("XDG_RUNTIME_DIR") }

    /// The picture to offer for the PATHs of a command line, with its folder: only a single
    /// PATH that is a picture file (a folder, several PATHs or a bad PATH start a window, which
    /// says what is wrong). The path sent is the folder's canonical path and the file's name, as
    /// the receiving deck keys it.
    static func offered(_ paths: [String]?) -> (path: String, canonicalFolder: String)? {
        guard let paths, paths.count == 1, let checked = try? PicturePath.checked(paths[0]), !checked.isFolder else { return nil }
        let folder = checked.folder.canonical
        let name = String(checked.path.split(separator: "/").last ?? Substring(checked.path))
        return ((folder.hasSuffix("/") ? folder : folder + "/") + name, folder)
    }

    /// The options a hand-over leaves aside: `--size` asks for a window of that size, and the
    /// running window already has one (the person resizes it). Every other option of `run`
    /// changes what a window shows or does — the layout (`--layout`, `--layout-file`, `--set`,
    /// the camera), the order (`--sort`), the state (`--state`, `--no-state`), culling
    /// (`--pick-label`, `--auto-advance`), `-r`, the files it writes (`--screenshot`,
    /// `--log-frames`, `--screenshot-dir`), how it reads pictures — which the running window,
    /// started with its own, cannot take on.
    public static let optionsLeftAsideByHandOver: Set<String> = ["--size"]

    /// Whether the command line `arguments` (without the program's name) may hand its picture
    /// to a running window: when it names PATHs with no option but those of
    /// `optionsLeftAsideByHandOver` — `cardviewer FILE`, as a desktop's `Exec=cardviewer %F` runs
    /// it, `cardviewer run FILE`, `cardviewer -- FILE`, `cardviewer --size 800x600 FILE`. With
    /// any other option the person asked for a window as that option makes it: this command
    /// opens its own, as with no viewer running (it does not listen: the socket stays the first
    /// window's). Every option's first word starts with "-" (`--name` or `--name=value`); after
    /// `--` every word is a PATH.
    public static func handsOver(arguments: [String]) -> Bool {
        var words = arguments[...]
        if words.first == "run" { words = words.dropFirst() }
        for word in words {
            if word == "--" { return true }
            guard word.hasPrefix("-") else { continue }
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if !optionsLeftAsideByHandOver.contains(name) { return false }
        }
        return true
    }

    /// Offers the picture of `paths` (`offered`) to the viewer on its folder, if one answers; the
    /// line to print when it took it (this process then ends), `nil` to start a window.
    static func handOver(_ paths: [String]?, runtimeDirectory: String? = runtimeDirectory) -> String? {
        guard let offer = offered(paths),
              let socket = SingleInstanceMessage.socketPath(canonicalFolder: offer.canonicalFolder, runtimeDirectory: runtimeDirectory),
              let folder = SingleInstanceMessage.folder(runtimeDirectory: runtimeDirectory),
              FileInfo.exists(socket), case .success = SingleInstanceSocket.preparedFolder(folder) else { return nil }
        guard SingleInstanceSocket.send(path: offer.path, to: socket) == .delivered else { return nil }
        return "opened '\(PathBytes.displayed(offer.path))' in the cardviewer window already showing its folder"
    }

    /// What `claim` came to.
    enum Claim {
        /// A viewer on the folder took the picture: print the line and end.
        case handedOver(String)
        /// This process listens on the folder's socket from now on: pictures offered before its
        /// window opens wait in the inbox.
        case listening(SingleInstanceListener)
        /// Neither (a deck that is not one folder, no `$XDG_RUNTIME_DIR`, a socket that cannot be
        /// made: one warning then).
        case neither
    }

    /// How long a starting viewer waits for another one's `claim` to finish, seconds: the other
    /// holds the lock for a connect and an answer (at most `SingleInstanceSocket.timeout`) or a
    /// bind; past this wait the viewer goes on without the lock, as with no socket folder.
    static let claimWait = 2 * SingleInstanceSocket.timeout + 1

    /// At a viewer's start, before its window opens: offers the picture of `paths` to the viewer
    /// already on its folder when `offering` (`handOver`), else starts listening on the socket of
    /// the deck's folder (`listen`), the inbox keeping what comes until the window takes it. Both
    /// steps run under the lock of the sockets' folder (`FileLock.lockFolder`), so of two viewers
    /// started together on one folder the second finds the first's socket listening and hands
    /// its picture over, instead of finding no socket and opening a second window.
    static func claim(_ paths: [String]?, offering: Bool, inbox: SingleInstanceInbox, warn: @escaping @Sendable (String) -> Void,
                      runtimeDirectory: String? = runtimeDirectory) -> Claim {
        guard let paths, let canonical = try? DeckPaths.canonicalPaths(paths), canonical.count == 1,
              let folder = SingleInstanceMessage.folder(runtimeDirectory: runtimeDirectory),
              SingleInstanceMessage.socketPath(canonicalFolder: canonical[0], runtimeDirectory: runtimeDirectory) != nil else {
            return .neither
        }
        if case .failure(let problem) = SingleInstanceSocket.preparedFolder(folder) {
            warn("files opened later will start another window: the socket folder \(problem)")
            return .neither
        }
        let lock = FileLock.lockFolder(folder, waitingUpTo: claimWait)
        defer { withExtendedLifetime(lock) {} }
        if offering, let line = handOver(paths, runtimeDirectory: runtimeDirectory) { return .handedOver(line) }
        return listen(canonicalPaths: canonical, inbox: inbox, warn: warn, runtimeDirectory: runtimeDirectory).map { .listening($0) } ?? .neither
    }

    /// Starts listening for the window on the deck of `canonicalPaths` when it is one folder;
    /// the listener, or `nil` (a deck of several PATHs, no `$XDG_RUNTIME_DIR`, another viewer
    /// already listening; a folder or socket that cannot be used is one warning).
    static func listen(canonicalPaths: [String], inbox: SingleInstanceInbox, warn: @escaping @Sendable (String) -> Void,
                       runtimeDirectory: String? = runtimeDirectory) -> SingleInstanceListener? {
        guard canonicalPaths.count == 1 else { return nil }
        switch SingleInstanceListener.start(canonicalFolder: canonicalPaths[0], runtimeDirectory: runtimeDirectory, inbox: inbox, warn: warn) {
        case .listening(let listener): return listener
        case .notListening(let reason):
            reason.map(warn)
            return nil
        }
    }
}
