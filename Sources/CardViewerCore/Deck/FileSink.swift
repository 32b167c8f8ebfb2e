#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to an open file: bytes collect in a fixed 64 KiB buffer and go to the file
/// each time it fills, so writing a large file needs no more memory than the buffer.
struct FileSink {
    static let bufferSize = 64 << 10
    private let fd: Int32
    private let path: String
    private var buffer: [UInt8] = []
    /// Bytes handed to the file so far (not counting the buffer).
    private(set) var flushedCount = 0

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Everything written so far, buffered or not.
    var count: Int { flushedCount + buffer.count }

    mutating func write(_ byte: UInt8) throws {
        if buffer.count == Self.bufferSize { try flush() }
        buffer.append(byte)
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            try SafeFile.writeAll(fd, bytes, path: path)
            flushedCount += bytes.count
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes the UTF-8 bytes of `text`.
    mutating func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Hands the buffer to the file.
    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try SafeFile.writeAll(fd, $0, path: path) }
        flushedCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
