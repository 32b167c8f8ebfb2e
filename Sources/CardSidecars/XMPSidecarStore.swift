import CardCulling
import CardFiles
import Foundation

/// Culling marks kept where other photo tools look (SPEC §10): XMP sidecars beside the pictures,
/// parsed and written by Exempi. See docs/formats/xmp-sidecars.md.
///
/// **Reading** (`mark(ofPicture:)`), the first source found wins: the sidecar `NAME.EXT.xmp`
/// (darktable's and digiKam's), then `NAME.xmp` (Adobe's), then the XMP packet embedded in the
/// picture (`EmbeddedXMP`). A sidecar that exists but is over `maximumSidecarSize`, not a
/// regular file, or not valid XMP gives `.unmarked`, never a crash and never a later source.
///
/// **Writing** (`store(_:forPicture:)`): always `NAME.EXT.xmp`, starting from its contents
/// (else from `NAME.xmp`'s), changing only `xmp:Rating`, `digiKam:PickLabel` and
/// `cardviewer:StarsBeforeReject` and keeping every other property and namespace; written
/// atomically (a temporary file beside it, then a rename), through a symbolic link to its
/// target. The picture is never opened for writing; no file is ever deleted.
///
/// **Thread-safety.** Safe to call from any threads at once (the viewer reads from a loader
/// thread and writes from a queue): Exempi calls are serialized by one process-wide lock
/// (`XMPDocument`), and stores are serialized by one lock of the process (whichever store
/// instance writes), so two writes of one sidecar never interleave their read-modify-write.
/// Reads take no store lock. Holds no state: any number of instances share the files.
public final class XMPSidecarStore: CullMarkStore, @unchecked Sendable {
    /// The largest sidecar read (16 MiB): darktable's, with a long history, are tens of KiB.
    public static let maximumSidecarSize = 16 << 20

    /// Serializes `store` calls (read, change, replace) of every store of the process.
    private static let writing = NSLock()

    public init() {}

    /// `NAME.EXT.xmp`: where darktable and digiKam keep a picture's sidecar, and where this
    /// store writes.
    public static func sidecarPath(ofPicture picturePath: String) -> String { picturePath + ".xmp" }

    /// `NAME.xmp` (Adobe's convention: the extension replaced), or nil when the picture's name
    /// has no extension (it would be the same file as `sidecarPath`).
    public static func adobeSidecarPath(ofPicture picturePath: String) -> String? {
        let nameStart = picturePath.lastIndex(of: "/").map { picturePath.index(after: $0) } ?? picturePath.startIndex
        guard let dot = picturePath[nameStart...].lastIndex(of: "."), dot > nameStart else { return nil }
        return String(picturePath[..<dot]) + ".xmp"
    }

    /// Where a picture's mark was read from.
    public enum Source: Equatable, Sendable {
        /// `NAME.EXT.xmp` or `NAME.xmp`, at this path.
        case sidecar(String)
        /// The packet embedded in the picture.
        case embedded
        /// Nowhere: no sidecar, no embedded packet.
        case none
    }

    public func mark(ofPicture picturePath: String) -> CullMark {
        markAndSource(ofPicture: picturePath).mark
    }

    /// The mark and the source it came from (for tools and the tests).
    public func markAndSource(ofPicture picturePath: String) -> (mark: CullMark, source: Source) {
        for path in [Self.sidecarPath(ofPicture: picturePath), Self.adobeSidecarPath(ofPicture: picturePath)].compactMap({ $0 })
        where Self.isPresent(path) {
            return (Self.readSidecar(path).map { XMPCullMark.mark(in: $0) } ?? .unmarked, .sidecar(path))
        }
        guard let packet = EmbeddedXMP.packet(inPictureAt: picturePath) else { return (.unmarked, .none) }
        return (Self.mark(fromPacket: packet), .embedded)
    }

    public func store(_ mark: CullMark, forPicture picturePath: String) throws {
        let path = Self.sidecarPath(ofPicture: picturePath)
        try Self.writing.withLock {
            // A folder, FIFO or device at the sidecar's name, a missing or read-only folder.
            if let problem = OutputPath.problem(path) {
                throw CullMarkStoreError.unwritable(path: path, reason: OutputPath.reason(problem))
            }
            let document = try Self.startingDocument(for: picturePath, sidecar: path)
            XMPCullMark.write(mark, into: document)
            guard let bytes = document.serializedSidecar() else {
                throw CullMarkStoreError.unwritable(path: path, reason: "the XMP library could not serialize it")
            }
            do {
                try AtomicFile.replace(path, with: bytes, options: AtomicFile.Options(writesThroughLinks: true))
            } catch let error as FileWriteError {
                throw CullMarkStoreError.unwritable(path: path, reason: error.reason)
            } catch {
                throw CullMarkStoreError.unwritable(path: path, reason: "\(error)")
            }
        }
    }

    /// The mark a packet's bytes state (`.unmarked` when they are not XMP): the fuzz target's
    /// entry for both sidecars and embedded packets.
    public static func mark(fromPacket bytes: [UInt8]) -> CullMark {
        guard bytes.count <= maximumSidecarSize, let document = XMPDocument(parsing: bytes) else { return .unmarked }
        return XMPCullMark.mark(in: document)
    }

    /// The sidecar's bytes after `mark` is written into `existing` (a sidecar's contents; nil
    /// or empty for a new one), every other property kept; nil when `existing` is not XMP. What
    /// `store` writes, without the files (the fuzz target's write path).
    public static func updatedSidecar(_ existing: [UInt8]?, with mark: CullMark) -> [UInt8]? {
        let document: XMPDocument?
        if let existing, !existing.isEmpty {
            document = existing.count <= maximumSidecarSize ? XMPDocument(parsing: existing) : nil
        } else {
            document = XMPDocument()
        }
        guard let document else { return nil }
        XMPCullMark.write(mark, into: document)
        return document.serializedSidecar()
    }

    /// What a write starts from: the existing `NAME.EXT.xmp`, else `NAME.xmp`, else nothing.
    /// An existing `NAME.EXT.xmp` that cannot be read or parsed is not replaced (its contents
    /// would be lost): the write is refused.
    /// A dangling link at `NAME.EXT.xmp` is no sidecar: the new one is written at its target.
    private static func startingDocument(for picturePath: String, sidecar path: String) throws -> XMPDocument {
        if FileInfo.exists(path) {
            guard let document = readSidecar(path) else {
                throw CullMarkStoreError.unwritable(path: path, reason: "the sidecar there is not readable XMP; it is left as it is")
            }
            return document
        }
        if let adobe = adobeSidecarPath(ofPicture: picturePath), isPresent(adobe), let document = readSidecar(adobe) {
            return document
        }
        return XMPDocument()
    }

    /// Whether anything is at `path` (a dangling link or a FIFO counts: it is the sidecar that
    /// was found, and it reads as unmarked).
    private static func isPresent(_ path: String) -> Bool {
        (try? FileInfo.at(path, followingLinks: false)) != nil
    }

    /// The sidecar at `path` parsed, or nil when it is not a regular file, is over the cap,
    /// cannot be read or is not XMP; an empty file is an empty packet (nothing in it to lose).
    private static func readSidecar(_ path: String) -> XMPDocument? {
        guard let bytes = try? FileBytes.readAll(path, maximumSize: maximumSidecarSize) else { return nil }
        return bytes.isEmpty ? XMPDocument() : XMPDocument(parsing: bytes)
    }
}
