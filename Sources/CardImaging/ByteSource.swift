import CardFiles

/// Random access to a picture's bytes: bytes in memory, or a file read in pieces (`FileSource`),
/// so a large PNG can be checked and decoded without ever being held whole.
public protocol ByteSource {
    /// How many bytes there are (a file's size when it was opened).
    var count: Int { get }
    /// Fills `buffer` with the bytes at `offset`, as many as there are (fewer only at the end).
    /// - Throws: the source's error when they cannot be read (`FileReadError` for a file).
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension Array: ByteSource where Element == UInt8 {
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let available = Swift.max(0, Swift.min(buffer.count, count - offset))
        guard available > 0 else { return 0 }
        withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + available)]))
        }
        return available
    }
}

/// A file opened for reading in pieces (a regular file only, opened non-blocking: `ReadableFile`);
/// its size is the one `fstat` gave when it was opened.
public final class FileSource: ByteSource {
    private let file: ReadableFile
    public let path: String
    public let count: Int

    /// Opens `path` (a regular file, opened non-blocking).
    /// - Throws: `FileReadError`.
    public init(opening path: String) throws(FileReadError) {
        file = try ReadableFile(opening: path)
        self.path = path
        count = file.info.size
    }

    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileReadError) -> Int {
        try file.read(at: offset, into: buffer)
    }

    /// The whole file (at most `count` bytes: what was there when it was opened).
    /// - Throws: `FileReadError`.
    public func readAll() throws(FileReadError) -> [UInt8] {
        var failure: FileReadError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            do throws(FileReadError) {
                filled = try read(at: 0, into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                filled = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }
}

/// The PNG signature and IHDR's fields as the chunk walk reads them: words of eight bytes.
struct PNGHeaderFields {
    var width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool

    /// From the words at bytes 16 (width, height) and 24 (depth, colour type, compression,
    /// filter, interlace, then the CRC).
    init(_ first: UInt64, _ second: UInt64) {
        width = Int(first >> 32)
        height = Int(first & 0xFFFF_FFFF)
        bitDepth = Int(second >> 56)
        colorType = Int(second >> 48 & 0xFF)
        interlaced = second >> 24 & 0xFF != 0
    }
}

extension PNGChunkScan {
    /// The eight bytes every PNG starts with, as one big-endian word.
    static let signatureWord = signature.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
}

/// Reads big-endian words of eight bytes from a source through a 4 KiB window, so walking the
/// headers of many small chunks costs one read per window, not one per chunk.
struct HeaderWindow<Source: ByteSource> {
    let source: Source
    let name: String
    private var bytes = [UInt8](repeating: 0, count: 4096)
    private var start = 0
    private var filled = 0

    init(source: Source, name: String) {
        self.source = source
        self.name = name
    }

    /// The eight bytes at `offset` (which must lie within the source), big-endian.
    mutating func eightBytes(at offset: Int) throws -> UInt64 {
        if offset < start || offset + 8 > start + filled {
            let source = source
            filled = try bytes.withUnsafeMutableBytes { try source.read(at: offset, into: $0) }
            start = offset
            guard filled >= 8 else {
                throw PNGError.unreadable(path: name, reason: "truncated: the file ends at byte \(offset + filled)")
            }
        }
        let at = offset - start
        return bytes[at..<(at + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
