import CardCulling
import CardFiles
import Foundation

/// Culling marks kept where other photo tools look (SPEC §10): XMP sidecars beside the pictures,
/// parsed and written by Exempi. See docs/formats/xmp-sidecars.md.
///
/// **Reading** (`mark(ofPicture:)`), the first source found wins: the sidecar `NAME.EXT.xmp`
/// (darktable's and digiKam's), then `NAME.xmp` (Adobe's), then the XMP packet embedded in the
/// picture (`EmbeddedXMP`). A sidecar that exists but is outside the bounds of `XMPLimits`
/// (over 4 MiB, or costing more than 64 MB parsed: `XMPPreScan`, before Exempi sees a byte), not
/// a regular file, or not valid XMP gives `.unmarked`, never a crash and never a later source.
///
/// **Writing** (`store(_:forPicture:)`, `update(forPicture:_:)`): always `NAME.EXT.xmp`,
/// starting from its contents (else from `NAME.xmp`'s), changing only `xmp:Rating`,
/// `digiKam:PickLabel` and `cardviewer:StarsBeforeReject` and keeping every other property and
/// namespace; written atomically (a temporary file beside it, then a rename). The sidecar is
/// left alone (`CullMarkStoreError.leftAlone`) when it is outside the bounds, read-only, not
/// readable XMP, a link that is dangling or leads to anything but a regular file in the
/// picture's own folder, or when the result would be outside the bounds (no write of ours
/// makes a sidecar we would refuse). The picture is never opened for writing; no file is ever
/// deleted but our own dead temporaries (`SidecarFolders`).
///
/// **Thread-safety.** Safe to call from any threads at once (the viewer reads from a loader
/// thread and writes from a queue): Exempi calls are serialized by one process-wide lock
/// (`XMPDocument`), and stores are serialized by one lock of the process (whichever store
/// instance writes), so two writes of one sidecar never interleave their read-modify-write.
/// Reads take no store lock. Holds no state: any number of instances share the files.
public final class XMPSidecarStore: CullMarkStore, @unchecked Sendable {
    /// The largest sidecar read (`XMPLimits.maximumSize`, 4 MiB): darktable's, with a long
    /// history, are tens of KiB.
    public static let maximumSidecarSize = XMPLimits.maximumSize

    /// Serializes `store` calls (read, change, replace) of every store of the process.
    static let writing = NSLock()

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

    public func reading(ofPicture picturePath: String) -> CullMarkReading {
        readingAndSource(ofPicture: picturePath).reading
    }

    /// The mark and the source it came from (for tools and the tests).
    public func markAndSource(ofPicture picturePath: String) -> (mark: CullMark, source: Source) {
        let (reading, source) = readingAndSource(ofPicture: picturePath)
        return (reading.mark, source)
    }

    /// The reading (a sidecar outside the bounds is left alone) and its source. First removes
    /// the dead temporaries of the picture's folder, once a process (`SidecarFolders`).
    func readingAndSource(ofPicture picturePath: String) -> (reading: CullMarkReading, source: Source) {
        SidecarFolders.sweepOnce(folderOf: picturePath)
        for path in [Self.sidecarPath(ofPicture: picturePath), Self.adobeSidecarPath(ofPicture: picturePath)].compactMap({ $0 })
        where Self.isPresent(path) {
            switch Self.sidecar(at: path) {
            case .document(let document):
                return (CullMarkReading(mark: XMPCullMark.mark(in: document)), .sidecar(path))
            case .outOfBounds(let reason) where path == Self.sidecarPath(ofPicture: picturePath):
                return (CullMarkReading(mark: .unmarked, leftAlone: .init(path: path, reason: reason)), .sidecar(path))
            case .outOfBounds, .unreadable:
                return (CullMarkReading(mark: .unmarked), .sidecar(path))
            }
        }
        guard let packet = EmbeddedXMP.packet(inPictureAt: picturePath) else { return (CullMarkReading(mark: .unmarked), .none) }
        return (CullMarkReading(mark: Self.mark(fromPacket: packet)), .embedded)
    }

    public func store(_ mark: CullMark, forPicture picturePath: String) throws {
        _ = try update(forPicture: picturePath) { _ in mark }
    }

    /// The mark a packet's bytes state (`.unmarked` when they are not XMP or outside the bounds
    /// of `XMPLimits`): the fuzz target's entry for both sidecars and embedded packets.
    public static func mark(fromPacket bytes: [UInt8]) -> CullMark {
        guard let document = XMPDocument(parsing: bytes) else { return .unmarked }
        return XMPCullMark.mark(in: document)
    }

    /// The sidecar's bytes after `mark` is written into `existing` (a sidecar's contents; nil
    /// or empty for a new one), every other property kept; nil when `existing` is not XMP, is
    /// outside the bounds, or the result would be (`XMPPreScan`). What `store` writes, without
    /// the files (the fuzz target's write path).
    public static func updatedSidecar(_ existing: [UInt8]?, with mark: CullMark) -> [UInt8]? {
        let document: XMPDocument?
        if let existing, !existing.isEmpty {
            document = XMPDocument(parsing: existing)
        } else {
            document = XMPDocument()
        }
        guard let document else { return nil }
        XMPCullMark.write(mark, into: document)
        guard let bytes = document.serializedSidecar(), XMPPreScan(bytes).refusal == nil else { return nil }
        return bytes
    }

    /// Whether anything is at `path` (a dangling link or a FIFO counts: it is the sidecar that
    /// was found, and it reads as unmarked).
    static func isPresent(_ path: String) -> Bool {
        (try? FileInfo.at(path, followingLinks: false)) != nil
    }

    /// The sidecar at `path` parsed, or nil when it is not a regular file, is outside the
    /// bounds, cannot be read or is not XMP; an empty file is an empty packet (nothing in it to lose).
    static func readSidecar(_ path: String) -> XMPDocument? {
        if case .document(let document) = sidecar(at: path) { return document }
        return nil
    }
}
