import CardFiles
import CardPictureFolders

/// One window per folder (SPEC §14): `cardviewer FILE` first offers FILE to a viewer already
/// showing FILE's folder (`handOver`), and a window on one folder listens for such offers
/// (`listen`). Replays, `--headless` and `render` neither offer nor listen.
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
