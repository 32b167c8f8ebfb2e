#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, as far as reading is concerned.
public enum FileKind: Equatable, Sendable {
    case regular
    case folder
    /// A symbolic link (only seen when links are not followed).
    case symbolicLink
    /// A FIFO, device, socket or anything else that is never read as a file.
    case other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }
}

/// A file's identity on this machine: its device and inode numbers (`stat`).
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}

/// A file's kind, size and modification time (`stat`), without opening it.
public struct FileInfo: Equatable, Sendable {
    public var kind: FileKind
    /// Size in bytes (0 for most things that are not regular files).
    public var size: Int
    /// Last modification, seconds since 1970 with the file system's fraction.
    public var modificationTime: Double
    /// Last modification, whole seconds since 1970 (what thumbnail caches compare).
    public var modifiedSeconds: Int
    /// True when no one may write it (no write bit in its mode: `chmod a-w`). Root could write
    /// anyway; the program honours the bits.
    public var isReadOnly: Bool
    /// The device and inode numbers: the file's identity (two paths to one folder, through a
    /// link, have the same); folder walks detect loops with them.
    public var identity: FileIdentity
    /// The owner's user id (`st_uid`).
    public var owner: UInt32
    /// The permission bits (`st_mode & 0o7777`).
    public var permissions: UInt32
    /// True when it is a UNIX-domain socket (its `kind` is `.other`).
    public var isSocket: Bool

    init(_ status: stat) {
        identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        owner = UInt32(status.st_uid)
        permissions = UInt32(status.st_mode) & 0o7777
        isSocket = status.st_mode & S_IFMT == S_IFSOCK
        kind = FileKind(mode: status.st_mode)
        isReadOnly = status.st_mode & 0o222 == 0
        size = Int(status.st_size)
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        modifiedSeconds = Int(time.tv_sec)
        modificationTime = Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// What `path` names; links are followed unless `followingLinks` is false (`lstat`).
    ///
    /// - Throws: `FileReadError.failed` with `errno` (`isMissing` when nothing is there).
    public static func at(_ path: String, followingLinks: Bool = true) throws(FileReadError) -> FileInfo {
        var status = stat()
        let result = statPath(path, &status, followingLinks: followingLinks)
        guard result == 0 else { throw .failed(path: path, code: errno) }
        return FileInfo(status)
    }

    /// Whether something exists at `path` (links followed: a dangling link does not).
    public static func exists(_ path: String) -> Bool {
        (try? at(path)) != nil
    }

    /// Whether `path` names a folder (links followed).
    public static func isFolder(_ path: String) -> Bool {
        (try? at(path))?.kind == .folder
    }

    /// Whether this process may read `path` (`access(R_OK)`).
    public static func isReadable(_ path: String) -> Bool {
        accessPath(path, R_OK) == 0
    }

    /// Whether this process may create files in the folder `path` (`access(W_OK)`).
    public static func isWritable(_ path: String) -> Bool {
        accessPath(path, W_OK) == 0
    }
}
