#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to an open file: bytes collect in a fixed 64 KiB buffer and go to the file
/// each time it fills, so writing a large file needs no more memory than the buffer. Handed to
/// the body of `AtomicFile.replace(_:options:writing:)`.
public struct FileSink {
    /// The buffer's size in bytes (64 KiB).
    public static let bufferSize = 64 << 10
    private let fd: Int32
    private let path: String
    private var buffer: [UInt8] = []
    /// Bytes handed to the file so far (not counting the buffer).
    public private(set) var flushedCount = 0

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Everything written so far, buffered or not.
    public var count: Int { flushedCount + buffer.count }

    /// Writes one byte.
    public mutating func write(_ byte: UInt8) throws {
        if buffer.count == Self.bufferSize { try flush() }
        buffer.append(byte)
    }

    /// Writes one byte.
    public mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            try AtomicFile.writeAll(fd, bytes, path: path)
            flushedCount += bytes.count
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes the UTF-8 bytes of `text`.
    public mutating func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Flushes the buffer, then hands `body` the file's descriptor, positioned after everything
    /// written so far, for a C writer that streams into a `FILE *` or a descriptor of its own
    /// (a PNG as libpng writes it, row by row, never whole in memory). `body` writes at the
    /// descriptor's position and leaves it after its last byte; `count` follows it.
    public mutating func withDescriptor<Result>(_ body: (Int32) throws -> Result) throws -> Result {
        try flush()
        let result = try body(fd)
        let position = lseek(fd, 0, SEEK_CUR)
        if position >= 0 { flushedCount = Int(position) }
        return result
    }

    /// Hands the buffer to the file.
    public mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try AtomicFile.writeAll(fd, $0, path: path) }
        flushedCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
