import CardFiles
import Foundation

/// Drops the shader compiler's code from the window's resident memory once the first frame's
/// shaders are compiled.
///
/// llvmpipe compiles shaders with LLVM inside this process: compiling the first frame's
/// programs touches about 45 MiB of `libLLVM`'s machine code, which then stays counted in the
/// process's resident set although nothing runs it until a shader variant is compiled again
/// (a layout switch may ask for one). Its pages are clean copies of the library file: dropping
/// them from this process's page tables (`madvise(MADV_DONTNEED)` on the read-and-execute
/// mapping only) costs nothing, and a later compile faults back what it runs from the page
/// cache (minor faults, no disk read while the file is cached). Only mappings that are never
/// written are dropped — never the relocated read-only data or the writable data, whose pages
/// differ from the file (measured: docs/BENCHMARKS.md, "After a minute of use").
enum CompilerPages {
    /// Libraries whose code is the shader compiler's: matched against the end of a mapping's
    /// path up to a version suffix (`libLLVM-15.so.1`, `libLLVM.so.18.1`).
    static let libraryPrefixes = ["libLLVM"]

    /// One mapping of `/proc/self/maps`: its address range and what it maps.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var permissions: String
        var path: String
    }

    /// The queue `releaseInBackground` works on: a release reads `/proc/self/maps` and unmaps
    /// tens of thousands of pages, 7–10 ms the frame thread need not wait for.
    private static let queue = DispatchQueue(label: "cardviewer.compiler-pages", qos: .utility)

    /// `release()` on a background queue (the advice is safe while any thread runs the code:
    /// it faults back in).
    static func releaseInBackground() {
        queue.async { release() }
    }

    /// Drops the compiler's code pages (see the type's note); returns the bytes of address
    /// space advised (not all of them were resident). Does nothing where `/proc/self/maps`
    /// cannot be read.
    @discardableResult
    static func release() -> Int {
        guard let maps = readMaps() else { return 0 }
        var advised = 0
        for mapping in codeMappings(in: maps) {
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            let length = Int(mapping.end - mapping.start)
            if madvise(address, length, MADV_DONTNEED) == 0 { advised += length }
        }
        return advised
    }

    /// When the window loop drops the compiler's pages: after the first frame (its compiles are
    /// the largest), then whenever the window comes to rest after drawing — later frames may
    /// have compiled shader variants (a layout, a picture fading in) — at most once every
    /// `spacing` seconds; a rest sooner than that waits out the spacing, so the last compiles
    /// of a busy start are dropped too. Times are the window's clock, seconds.
    struct Schedule {
        /// The least time between two releases, seconds.
        static let spacing = 2.0
        /// A wait for events at least this long (or without end) is rest, seconds.
        static let restingWait = 0.25

        private var lastRelease: Double?
        private var drawnSinceRelease = false

        /// A frame was drawn at `now`; true when the pages should go now (the first frame).
        mutating func frameDrawn(at now: Double) -> Bool {
            drawnSinceRelease = true
            guard lastRelease == nil else { return false }
            lastRelease = now
            drawnSinceRelease = false
            return true
        }

        /// Before the loop waits `wait` seconds (nil: until an event) at `now`: whether the pages
        /// should go now, and the wait to use (shortened to the end of the spacing when a
        /// release is owed but too soon).
        mutating func beforeWaiting(_ wait: Double?, at now: Double) -> (release: Bool, wait: Double?) {
            guard drawnSinceRelease, let last = lastRelease, (wait ?? .infinity) >= Self.restingWait else {
                return (false, wait)
            }
            let due = last + Self.spacing
            guard now >= due else { return (false, min(wait ?? .infinity, due - now)) }
            lastRelease = now
            drawnSinceRelease = false
            return (true, wait)
        }
    }

    /// The compiler library's mappings that are only read and executed (`r-xp`): the ones whose
    /// pages are always the file's own.
    static func codeMappings(in maps: String) -> [Mapping] {
        maps.split(separator: "\n").compactMap(parse).filter(isCompilerCode)
    }

    /// Whether `mapping` is the compiler library's code: read and execute only, of a file named
    /// after one of `libraryPrefixes`.
    static func isCompilerCode(_ mapping: Mapping) -> Bool {
        guard mapping.permissions == "r-xp" else { return false }
        let name = mapping.path.split(separator: "/").last.map(String.init) ?? ""
        return libraryPrefixes.contains { name.hasPrefix($0 + "-") || name.hasPrefix($0 + ".so") }
    }

    /// One line of `/proc/PID/maps`: `START-END PERMS OFFSET DEV INODE [PATH]`, addresses in hex;
    /// `nil` for a line that is not one.
    static func parse(_ line: Substring) -> Mapping? {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5 else { return nil }
        let range = fields[0].split(separator: "-")
        guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
              end > start else { return nil }
        let path = fields.count == 6 ? fields[5].trimmingCharacters(in: .whitespaces) : ""
        return Mapping(start: start, end: end, permissions: String(fields[1]), path: path)
    }

    /// `/proc/self/maps` through the file layer, read in pieces until its end (a proc file's
    /// size says 0), at most 4 MiB; `nil` where it cannot be read.
    private static func readMaps() -> String? {
        do {
            let file = try ReadableFile(opening: "/proc/self/maps")
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while bytes.count < 4 << 20 {
                let count = try chunk.withUnsafeMutableBytes { try file.read(at: bytes.count, into: $0) }
                if count == 0 { break }
                bytes += chunk[..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            return nil
        }
    }
}
