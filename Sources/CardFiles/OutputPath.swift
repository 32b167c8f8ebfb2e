import Foundation

/// The check made before any work whose result goes to a file (`--out`, `--json`, `--state`,
/// `--screenshot`): a run fails at once, not after minutes of rendering, when the file could
/// not be written.
public enum OutputPath {
    /// Why a file could not be written at a path.
    public enum Problem: Equatable, Sendable {
        /// A folder is where the file should be.
        case isFolder
        /// The folder the file would go in (absolute) does not exist or is not a folder.
        case noFolder(String)
        /// That folder exists but this process may not create files in it.
        case folderNotWritable(String)
        /// Something that is not a file is there: a FIFO, a device, a socket. Never replaced
        /// (SPEC §11: outputs refuse them, exit status 2).
        case notAFile
    }

    /// The folder a file at `path` goes into, absolute (relative paths from the current folder),
    /// as messages name it.
    public static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// What stops a file from being written at `path`, or nil. Links are followed. When
    /// `checkingWritable` is false, a read-only folder is not reported (the write itself will
    /// say so).
    public static func problem(_ path: String, checkingWritable: Bool = true) -> Problem? {
        if let info = try? FileInfo.at(path) {
            if info.kind == .folder { return .isFolder }
            if info.kind != .regular { return .notAFile }
        }
        let folder = folder(of: path)
        guard FileInfo.isFolder(folder) else { return .noFolder(folder) }
        if checkingWritable, !FileInfo.isWritable(folder) { return .folderNotWritable(folder) }
        return nil
    }

    /// The usual wording of `problem` after "cannot write … 'path'": "it is a directory", "no
    /// such directory '…'", "directory '…' is not writable".
    public static func reason(_ problem: Problem) -> String {
        switch problem {
        case .isFolder: "it is a directory"
        case let .noFolder(folder): "no such directory '\(folder)'"
        case let .folderNotWritable(folder): "directory '\(folder)' is not writable"
        case .notAFile: "it is not a regular file (a FIFO, a device or a socket)"
        }
    }
}
