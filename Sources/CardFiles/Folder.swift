#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders: listing names (`readdir`) and making missing ones.
public enum Folder {
    /// The names of the entries of the folder at `path`, in the order the file system gives,
    /// hidden ones included, without "." and "..". Names are bytes (`readdir`'s `d_name`): one
    /// that is not UTF-8 comes back with its other bytes escaped (`PathBytes`), so it opens.
    ///
    /// - Throws: `FileReadError.failed` when the folder cannot be opened (`isMissing` when it
    ///   does not exist), `.notRegular` never.
    /// - Complexity: one `readdir` pass, O(entries).
    public static func names(in path: String) throws(FileReadError) -> [String] {
        guard let folder = PathBytes.withCString(path, { opendir($0) }) else { throw .failed(path: path, code: errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathBytes.string(raw.prefix { $0 != 0 })
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Makes the folder `path` and any missing folders above it, each with `mode` (less the
    /// umask). An existing folder is fine; something else of that name is an error.
    ///
    /// - Returns: nil on success, else the reason ("'x' is not a folder", or the system's).
    public static func make(_ path: String, mode: mode_t) -> String? {
        if let info = try? FileInfo.at(path) {
            return info.kind == .folder ? nil : "'\(path)' is not a folder"
        }
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !parent.isEmpty, let failure = make(parent, mode: mode) { return failure }
        if makeFolderPath(path, mode) != 0, errno != EEXIST { return systemMessage(errno) }
        return nil
    }
}

extension Folder {
    /// The process's working directory (`getcwd`), its bytes kept (`PathBytes`); "/" when it
    /// cannot be read.
    public static func current() -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let found = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress!, $0.count) != nil }
        }
        guard found else { return "/" }
        return PathBytes.string(buffer.prefix { $0 != 0 })
    }
}
