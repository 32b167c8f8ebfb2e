import CTIFF
import CardImaging

/// A TIFF opened by libtiff over a `ByteSource` through client I/O: libtiff never opens the file
/// itself, every byte comes through the file layer (capped, regular files only), nothing is
/// memory-mapped, and libtiff's messages go into `messages` instead of the terminal. Strip and
/// tile offsets are loaded on demand (`O`): a header declaring millions of strips costs nothing
/// until they are read. Each of libtiff's own allocations is capped by the working memory.
final class TIFFFile {
    private(set) var handle: OpaquePointer!
    private let source: any ByteSource
    private var position = 0
    /// A read that came back short (the file ends early) or failed.
    private(set) var readFellShort = false
    /// libtiff's first error message on this handle.
    private let messages = UnsafeMutablePointer<cardviewer_tiff_messages>.allocate(capacity: 1)
    let name: String

    /// libtiff's process-wide message handlers, silenced once.
    private static let silenced: Void = cardviewer_tiff_silence()

    /// Opens the first directory of the TIFF in `source`.
    /// - Throws: `PictureError` (truncated, corrupt) with libtiff's reason.
    init(_ source: some ByteSource, name: String, maximumAllocation: Int) throws {
        _ = Self.silenced
        self.source = source
        self.name = name
        messages.initialize(to: cardviewer_tiff_messages())
        let options = cardviewer_tiff_options(messages, tmsize_t(maximumAllocation))
        defer { TIFFOpenOptionsFree(options) }
        handle = TIFFClientOpenExt(name, "rmO", Unmanaged.passUnretained(self).toOpaque(), { context, buffer, size in
            guard let context, let buffer, size > 0 else { return 0 }
            let file = Unmanaged<TIFFFile>.fromOpaque(context).takeUnretainedValue()
            return tmsize_t(file.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size))))
        }, { _, _, _ in -1 }, { context, offset, whence in
            guard let context else { return UInt64.max }
            return Unmanaged<TIFFFile>.fromOpaque(context).takeUnretainedValue().seek(offset, whence)
        }, { _ in 0 }, { context in
            guard let context else { return 0 }
            return UInt64(Unmanaged<TIFFFile>.fromOpaque(context).takeUnretainedValue().source.count)
        }, { _, _, _ in 0 }, { _, _, _ in }, options)
        if handle == nil { throw failure("libtiff cannot read the TIFF header") }
    }

    deinit {
        if let handle { TIFFClose(handle) }
        messages.deallocate()
    }

    private func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard position < source.count else {
            readFellShort = true
            return 0
        }
        do {
            let count = try source.read(at: position, into: buffer)
            position += count
            if count < buffer.count { readFellShort = true }
            return count
        } catch {
            readFellShort = true
            return -1
        }
    }

    private func seek(_ offset: UInt64, _ whence: Int32) -> UInt64 {
        let base = switch whence {
        case SEEK_CUR: position
        case SEEK_END: source.count
        default: 0
        }
        let (target, overflow) = base.addingReportingOverflow(Int(truncatingIfNeeded: offset))
        guard !overflow, target >= 0 else { return UInt64.max }
        position = target
        return UInt64(target)
    }

    /// The error libtiff's last failure means: truncated when a read fell short, else corrupt,
    /// with libtiff's first message (or `fallback`).
    func failure(_ fallback: String) -> PictureError {
        let message = messages.pointee.errors > 0
            ? withUnsafeBytes(of: messages.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } : fallback
        let reason = TerminalText.escaped(message)
        return readFellShort ? .truncated(path: name, reason: reason) : .corrupt(path: name, reason: reason)
    }

    func uint32(_ tag: Int32) -> UInt32? {
        var value: UInt32 = 0
        return cardviewer_tiff_get_uint32(handle, UInt32(tag), &value) != 0 ? value : nil
    }

    func uint16(_ tag: Int32, defaulted: Bool = false) -> UInt16? {
        var value: UInt16 = 0
        let found = defaulted ? cardviewer_tiff_get_uint16_defaulted(handle, UInt32(tag), &value)
            : cardviewer_tiff_get_uint16(handle, UInt32(tag), &value)
        return found != 0 ? value : nil
    }

    /// The ICC profile (tag 34675), copied.
    var iccProfile: [UInt8]? {
        var count: UInt32 = 0
        var data: UnsafeRawPointer?
        guard cardviewer_tiff_get_icc(handle, &count, &data) != 0, let data, count > 0 else { return nil }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: Int(count)))
    }
}
