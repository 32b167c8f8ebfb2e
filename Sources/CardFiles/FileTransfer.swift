#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Putting a copy, a hard link or a moved file of the user's picture into another folder
/// (`cardviewer export`, SPEC §13), **never over an existing file** and **never leaving a half
/// file under the final name**.
///
/// A copy is written to a temporary beside the destination (`.<name>.tmp-<pid>-<random>`, the
/// name `StaleTemporaries` knows, so a killed run's leftovers are removed by the next one),
/// flushed (`fsync`), then given its final name with `link()`, which refuses an existing name
/// even in a race; the temporary is then unlinked and the folder flushed. A destination that
/// already holds the same bytes (size, then every byte) counts as done: a run killed half-way
/// and run again finishes the rest without duplicating anything.
///
/// The source is only read here; `remove(_:)` is the one call that deletes, and the caller
/// (a move) calls it only after the copy is durable.
public enum FileTransfer {
    /// What became of one file.
    public enum Placement: Equatable, Sendable {
        /// Written (or linked) under the destination name now.
        case placed
        /// The destination already held these bytes (a resumed run): nothing written.
        case alreadyThere
        /// The destination name holds another file: nothing written (the caller picks another name).
        case taken
    }

    /// The size of the buffer a copy goes through, bytes.
    static let bufferSize = 1 << 16

    /// Copies the regular file `source` to `destination` (which must not exist) atomically and
    /// durably, keeping the source's permission bits (less set-id bits) and modification time.
    ///
    /// - Returns: `.placed`, `.alreadyThere` (same bytes there) or `.taken` (another file there).
    /// - Throws: `FileWriteError` naming the file (a source that cannot be read, a full disk…);
    ///   the temporary is removed and nothing is left under `destination`.
    public static func copy(_ source: String, to destination: String) throws -> Placement {
        if let existing = existingPlacement(source, destination) { return existing }
        let input = retryingInterrupted { openPath(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard input >= 0 else { throw FileWriteError("cannot read '\(source)'", code: errno) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw FileWriteError("cannot read '\(source)'", code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileWriteError(description: "cannot copy '\(source)': it is not a regular file")
        }
        let (folder, name) = Paths.split(destination)
        let (output, temporary) = try createTemporary(folder: folder, name: name, mode: status.st_mode & 0o777)
        do {
            try pump(from: input, source: source, to: output, destination: destination)
            #if canImport(Darwin)
            var times = [status.st_atimespec, status.st_mtimespec]
            #else
            var times = [status.st_atim, status.st_mtim]
            #endif
            _ = futimens(output, &times)
            guard fsync(output) == 0 else { throw FileWriteError("cannot flush '\(destination)'", code: errno) }
            guard close(output) == 0 else { throw FileWriteError("cannot write '\(destination)'", code: errno) }
        } catch {
            close(output)
            _ = unlinkPath(temporary)
            throw error
        }
        defer { _ = unlinkPath(temporary) }
        return try settle(temporary, at: destination, source: source)
    }

    /// Gives the finished temporary its final name without replacing anything: `link()` (then
    /// the caller unlinks the temporary), or, where the file system has no hard links, a rename
    /// after checking that the name is free.
    private static func settle(_ temporary: String, at destination: String, source: String) throws -> Placement {
        if linkPath(temporary, destination) != 0 {
            let code = errno
            if code == EEXIST { return existingPlacement(source, destination) ?? .taken }
            guard code == EPERM || code == EOPNOTSUPP || code == ENOTSUP || code == EMLINK else {
                throw FileWriteError("cannot write '\(destination)'", code: code)
            }
            if accessPath(destination, F_OK) == 0 { return existingPlacement(source, destination) ?? .taken }
            guard renamePath(temporary, destination) == 0 else { throw FileWriteError("cannot write '\(destination)'", code: errno) }
        }
        syncFolder(Paths.split(destination).folder)
        return .placed
    }

    /// Hard-links `source` as `destination` (never over an existing file), then flushes the
    /// destination's folder.
    ///
    /// - Returns: `.placed`, `.alreadyThere` (the same file or the same bytes there) or `.taken`.
    /// - Throws: `FileWriteError`; across file systems (`EXDEV`) its description says so.
    public static func link(_ source: String, to destination: String) throws -> Placement {
        guard linkPath(source, destination) == 0 else {
            let code = errno
            if code == EEXIST { return existingPlacement(source, destination) ?? .taken }
            if code == EXDEV {
                throw FileWriteError(description: "cannot hard-link '\(source)' into '\(Paths.split(destination).folder)': "
                    + "they are on different file systems (use --copy-to)")
            }
            throw FileWriteError("cannot link '\(source)' as '\(destination)'", code: code)
        }
        syncFolder(Paths.split(destination).folder)
        return .placed
    }

    /// Puts `source` at `destination` for a move: a hard link on the same file system (a
    /// rename that never replaces, once the caller removes the source), else an atomic copy
    /// (`copy`). The source stays; the caller removes it (`remove`) once every file of its
    /// group is placed.
    public static func placeForMove(_ source: String, at destination: String) throws -> Placement {
        if linkPath(source, destination) == 0 {
            syncFolder(Paths.split(destination).folder)
            return .placed
        }
        let code = errno
        if code == EEXIST { return existingPlacement(source, destination) ?? .taken }
        guard code == EXDEV || code == EPERM || code == EOPNOTSUPP || code == ENOTSUP || code == EMLINK else {
            throw FileWriteError("cannot move '\(source)' to '\(destination)'", code: code)
        }
        return try copy(source, to: destination)
    }

    /// Removes `path` (a move's source, once its copy is durable) and flushes its folder.
    ///
    /// - Throws: `FileWriteError` naming the file.
    public static func remove(_ path: String) throws {
        guard unlinkPath(path) == 0 else { throw FileWriteError("cannot remove '\(path)'", code: errno) }
        syncFolder(Paths.split(path).folder)
    }

    /// Whether `a` and `b` are regular files with the same bytes (the same file counts).
    /// Reads both in 64 KiB blocks; false when either cannot be read.
    public static func sameContents(_ a: String, _ b: String) -> Bool {
        guard let infoA = try? FileInfo.at(a), let infoB = try? FileInfo.at(b, followingLinks: false),
              infoA.kind == .regular, infoB.kind == .regular else { return false }
        if infoA.identity == infoB.identity { return true }
        guard infoA.size == infoB.size else { return false }
        let first = retryingInterrupted { openPath(a, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard first >= 0 else { return false }
        defer { close(first) }
        let second = retryingInterrupted { openPath(b, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard second >= 0 else { return false }
        defer { close(second) }
        var left = [UInt8](repeating: 0, count: bufferSize), right = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let got = readFully(first, into: &left)
            guard got >= 0, readFully(second, into: &right) == got else { return false }
            if got == 0 { return true }
            if left[0..<got] != right[0..<got] { return false }
        }
    }

    /// Flushes the folder `path` (its entries: a new name, a removed one) to disk; errors are
    /// ignored (some file systems cannot flush a folder).
    public static func syncFolder(_ path: String) {
        let fd = openPath(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// `.alreadyThere` or `.taken` when something is at `destination` (not followed through a
    /// link), nil when the name is free. The source itself (an export into its own folder) is
    /// `.taken`: counting it as done would let a move remove the only copy.
    private static func existingPlacement(_ source: String, _ destination: String) -> Placement? {
        guard (try? FileInfo.at(destination, followingLinks: false)) != nil else { return nil }
        if isSameEntry(source, destination) { return .taken }
        return sameContents(source, destination) ? .alreadyThere : .taken
    }

    /// Whether `a` and `b` name the same directory entry (their folders resolved): a file is
    /// never its own copy.
    public static func isSameEntry(_ a: String, _ b: String) -> Bool {
        let (folderA, nameA) = Paths.split(a), (folderB, nameB) = Paths.split(b)
        guard nameA == nameB, let left = CanonicalPath.of(folderA) else { return false }
        return left == CanonicalPath.of(folderB)
    }

    /// A new temporary in `folder` for the file `name`, created exclusively with `mode`.
    private static func createTemporary(folder: String, name: String, mode: mode_t) throws -> (fd: Int32, path: String) {
        var code: Int32 = EEXIST
        for _ in 0..<16 where code == EEXIST {
            let temporary = Paths.join(folder, StaleTemporaries.temporaryName(for: name))
            let fd = retryingInterrupted { openPath(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if fd >= 0 { return (fd, temporary) }
            code = errno
        }
        throw FileWriteError("cannot write '\(Paths.join(folder, name))'", code: code)
    }

    /// Copies everything readable from `input` to `output`.
    private static func pump(from input: Int32, source: String, to output: Int32, destination: String) throws {
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let got = buffer.withUnsafeMutableBytes { raw in retryingInterrupted { systemRead(input, raw.baseAddress!, raw.count) } }
            if got < 0 { throw FileWriteError("cannot read '\(source)'", code: errno) }
            if got == 0 { return }
            try buffer.withUnsafeBytes { try AtomicFile.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<got]), path: destination) }
        }
    }

    /// Reads until `buffer` is full or the file ends; the count read, or -1.
    private static func readFully(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        var filled = 0
        let capacity = buffer.count
        while filled < capacity {
            let got = buffer.withUnsafeMutableBytes { raw in
                retryingInterrupted { systemRead(fd, raw.baseAddress! + filled, capacity - filled) }
            }
            if got < 0 { return -1 }
            if got == 0 { break }
            filled += got
        }
        return filled
    }
}
