import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The desktop's trash, as the freedesktop.org Trash specification 1.0 lays it out, so that a
/// file manager lists what was trashed and can restore it (SPEC §13: rejects to the trash).
///
/// - A file on the same device as the home trash (`$XDG_DATA_HOME/Trash`, default
///   `~/.local/share/Trash`) goes there: `files/NAME` and `info/NAME.trashinfo` whose `Path=` is
///   the file's absolute path, percent-encoded.
/// - A file on another device goes to its volume's trash: the top directory (`topdir`, found by
///   walking up the file's folders while the device stays the same) holds `.Trash/$uid` when
///   `.Trash` is a folder with the sticky bit and not a symbolic link, else `.Trash-$uid`
///   (made 0700; refused when it is a link, not a folder, or not ours). There `Path=` is
///   relative to the topdir.
/// - The `.trashinfo` is made first with `O_EXCL`, reserving the name (a name taken gets `-2`,
///   `-3`… before its extension), then the file is moved in under the same name without
///   replacing anything (`link` + `unlink`; `rename` where the file system has no hard links).
///   A failed move removes the `.trashinfo` again.
///
/// `DeletionDate=` is the local time, `YYYY-MM-DDThh:mm:ss`. Only regular files are trashed.
public struct FreedesktopTrash: Sendable {
    /// The home trash, `$XDG_DATA_HOME/Trash`.
    public var homeTrash: String
    /// The user whose trash it is (the `$uid` of the volumes' trash folders).
    public var uid: UInt32

    /// For the tests: a top directory that every file is treated as lying under on another
    /// device than the home trash (the volume's trash of `volumeTrash(topdir:)`, with `Path=`
    /// relative to it), so that the volume case runs without a second file system.
    var forcedTopdir: String?

    public init(homeTrash: String, uid: UInt32 = UInt32(getuid())) {
        self.homeTrash = homeTrash
        self.uid = uid
    }

    /// The user's trash: `$XDG_DATA_HOME/Trash` when that variable holds an absolute path, else
    /// `$HOME/.local/share/Trash`; nil without either.
    public static func ofUser() -> FreedesktopTrash? {
        if let data = PathBytes.environment("XDG_DATA_HOME"), data.hasPrefix("/") {
            return FreedesktopTrash(homeTrash: Paths.join(data, "Trash"))
        }
        guard let home = PathBytes.environment("HOME"), home.hasPrefix("/") else { return nil }
        return FreedesktopTrash(homeTrash: Paths.join(home, ".local/share/Trash"))
    }

    /// A file put in the trash.
    public struct Entry: Equatable, Sendable {
        /// Where the file is now: `TRASH/files/NAME`.
        public var file: String
        /// Its record: `TRASH/info/NAME.trashinfo`.
        public var info: String
    }

    /// Moves the regular file `path` into the trash of its device, with its `.trashinfo`.
    ///
    /// - Throws: `FileWriteError` with one line naming the file (no trash usable on its volume,
    ///   a folder that cannot be made, a move refused); the file is then where it was.
    public func trash(_ path: String, date: Date = Date()) throws -> Entry {
        let absolute = try Self.absolute(path)
        guard let info = try? FileInfo.at(absolute, followingLinks: false), info.kind == .regular else {
            throw FileWriteError(description: "cannot trash '\(path)': it is not a regular file")
        }
        let (trash, topdir) = try folder(forDevice: info.identity.device, of: absolute)
        for folder in [trash, Paths.join(trash, "files"), Paths.join(trash, "info")] {
            if let failure = Folder.make(folder, mode: 0o700) {
                throw FileWriteError(description: "cannot trash '\(path)': cannot make '\(folder)': \(failure)")
            }
        }
        let recorded = topdir.map { Self.relative(absolute, to: $0) } ?? absolute
        let text = Self.infoText(path: recorded, date: date)
        let name = Paths.split(absolute).name
        for attempt in 1...10_000 {
            let candidate = Self.suffixed(name, attempt)
            let entry = Entry(file: Paths.join(Paths.join(trash, "files"), candidate),
                              info: Paths.join(Paths.join(trash, "info"), candidate + ".trashinfo"))
            guard try ExclusiveFile.createNew(entry.info, with: Array(text.utf8)) else { continue }
            if linkPath(absolute, entry.file) == 0 {
                guard unlinkPath(absolute) == 0 else {
                    let code = errno
                    _ = unlinkPath(entry.file)
                    _ = unlinkPath(entry.info)
                    throw FileWriteError("cannot trash '\(path)'", code: code)
                }
            } else {
                if errno == EEXIST || accessPath(entry.file, F_OK) == 0 {
                    _ = unlinkPath(entry.info)  // a stray file of that name: try the next
                    continue
                }
                guard renamePath(absolute, entry.file) == 0 else {
                    let failure = errno
                    _ = unlinkPath(entry.info)
                    throw FileWriteError("cannot trash '\(path)'", code: failure)
                }
            }
            FileTransfer.syncFolder(Paths.join(trash, "files"))
            FileTransfer.syncFolder(Paths.split(absolute).folder)
            return entry
        }
        throw FileWriteError(description: "cannot trash '\(path)': too many files of that name in the trash")
    }

    /// The trash folder for a file on `device` at `absolute`, and the topdir its `Path=` is
    /// relative to (nil for the home trash).
    func folder(forDevice device: UInt64, of absolute: String) throws -> (trash: String, topdir: String?) {
        if let forcedTopdir { return (try volumeTrash(topdir: forcedTopdir), forcedTopdir) }
        if Self.device(ofNearestExisting: homeTrash) == device { return (homeTrash, nil) }
        let topdir = Self.topdir(of: absolute)
        return (try volumeTrash(topdir: topdir), topdir)
    }

    /// The trash folder of the volume whose top directory is `topdir`: `.Trash/$uid` when
    /// `.Trash` is a folder with the sticky bit and not a link (made when missing), else
    /// `.Trash-$uid` (made 0700 when missing; refused when it is not a folder of this user).
    func volumeTrash(topdir: String) throws -> String {
        let shared = Paths.join(topdir, ".Trash")
        var status = stat()
        if statPath(shared, &status, followingLinks: false) == 0, status.st_mode & S_IFMT == S_IFDIR,
           status.st_mode & S_ISVTX != 0 {
            let mine = Paths.join(shared, "\(uid)")
            if Folder.make(mine, mode: 0o700) == nil, Self.isOwnFolder(mine, uid: uid) { return mine }
        }
        let own = Paths.join(topdir, ".Trash-\(uid)")
        if statPath(own, &status, followingLinks: false) != 0 {
            guard makeFolderPath(own, 0o700) == 0 || errno == EEXIST else {
                throw FileWriteError("cannot make the trash '\(own)'", code: errno)
            }
        }
        guard Self.isOwnFolder(own, uid: uid) else {
            throw FileWriteError(description: "cannot use the trash '\(own)': it is not a folder of this user")
        }
        return own
    }

    /// True when `path` is a folder (not a link) owned by `uid`.
    static func isOwnFolder(_ path: String, uid: UInt32) -> Bool {
        var status = stat()
        return statPath(path, &status, followingLinks: false) == 0 && status.st_mode & S_IFMT == S_IFDIR
            && UInt32(status.st_uid) == uid
    }

    /// The top directory of the volume holding `absolute`: its highest ancestor folder on the
    /// same device (the mount point).
    public static func topdir(of absolute: String) -> String {
        var current = Paths.split(absolute).folder
        guard let device = try? FileInfo.at(current).identity.device else { return current }
        while current != "/" {
            let parent = Paths.split(current).folder
            guard let info = try? FileInfo.at(parent), info.identity.device == device else { break }
            current = parent
        }
        return current
    }

    /// The device of `path`, or of its nearest existing ancestor.
    static func device(ofNearestExisting path: String) -> UInt64? {
        var current = path
        while true {
            if let info = try? FileInfo.at(current) { return info.identity.device }
            if current == "/" || !current.contains("/") { return nil }
            current = Paths.split(current).folder
        }
    }

    /// `path` made absolute, its folder's links resolved (the name itself kept: a link is
    /// trashed as a link).
    static func absolute(_ path: String) throws -> String {
        let (folder, name) = Paths.split(path)
        guard let canonical = CanonicalPath.of(folder) else {
            throw FileWriteError("cannot trash '\(path)'", code: ENOENT)
        }
        return Paths.join(canonical, name)
    }

    /// `absolute` relative to `topdir` (which holds it).
    static func relative(_ absolute: String, to topdir: String) -> String {
        let prefix = topdir.hasSuffix("/") ? topdir : topdir + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// `name`, or for `attempt` ≥ 2 `name` with `-attempt` before its extension (`a-2.jpg`).
    public static func suffixed(_ name: String, _ attempt: Int) -> String {
        guard attempt > 1 else { return name }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(name[..<dot]) + "-\(attempt)" + String(name[dot...])
        }
        return name + "-\(attempt)"
    }

    /// The `.trashinfo` of a file trashed from `path` (absolute, or relative to the topdir) at `date`.
    public static func infoText(path: String, date: Date) -> String {
        "[Trash Info]\nPath=\(percentEncoded(path))\nDeletionDate=\(deletionDate(date))\n"
    }

    /// `path`'s bytes with every byte but the unreserved ones (`A–Z a–z 0–9 - _ . ~`) and `/`
    /// written `%XX` (RFC 2396's escapes, as the specification asks).
    public static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in PathBytes.bytes(path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// `date` in local time as `YYYY-MM-DDThh:mm:ss` (the specification's `DeletionDate`).
    public static func deletionDate(_ date: Date) -> String {
        let t = LocalTime.fields(date)
        return "\(t.year)-\(t.month)-\(t.day)T\(t.hour):\(t.minute):\(t.second)"
    }
}
