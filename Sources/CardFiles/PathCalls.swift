#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's calls that take a path, each given the path's exact bytes
// (`PathBytes.withCString`): a name that is not UTF-8 is opened as it is, never as its
// replacement characters. Every path this target hands to the system goes through one of these.

func openPath(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    PathBytes.withCString(path) { open($0, flags, mode) }
}

func statPath(_ path: String, _ status: inout stat, followingLinks: Bool = true) -> Int32 {
    PathBytes.withCString(path) { followingLinks ? stat($0, &status) : lstat($0, &status) }
}

func accessPath(_ path: String, _ mode: Int32) -> Int32 {
    PathBytes.withCString(path) { access($0, mode) }
}

func makeFolderPath(_ path: String, _ mode: mode_t) -> Int32 {
    PathBytes.withCString(path) { mkdir($0, mode) }
}

func unlinkPath(_ path: String) -> Int32 {
    PathBytes.withCString(path) { unlink($0) }
}

func renamePath(_ from: String, _ to: String) -> Int32 {
    PathBytes.withCString(from) { from in PathBytes.withCString(to) { rename(from, $0) } }
}

func linkPath(_ from: String, _ to: String) -> Int32 {
    PathBytes.withCString(from) { from in PathBytes.withCString(to) { link(from, $0) } }
}

/// `readlink`: the link's target as the program carries paths (`PathBytes.string`), or nil
/// with `errno` set.
func readLinkPath(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = PathBytes.withCString(path) { name in
        buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { readlink(name, $0.baseAddress!, $0.count - 1) }
        }
    }
    guard count > 0 else { return nil }
    return PathBytes.string(buffer[0..<count])
}

/// `realpath(3)`: `path` absolute, with every symbolic link, `.` and `..` resolved; `nil` when
/// it does not exist or cannot be resolved.
func resolvedPath(_ path: String) -> String? {
    guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return PathBytes.string(UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
}
