import CardCulling
import CardFiles
import Foundation

/// How a sidecar is written (SPEC §11, "Writing beside pictures"): only a regular file in the
/// picture's own folder, never a read-only one, never one outside `XMPLimits` before or after.
extension XMPSidecarStore {
    /// A sidecar's contents as read for a write.
    enum SidecarContents {
        /// Parsed (an empty file is an empty packet).
        case document(XMPDocument)
        /// Outside `XMPLimits`: left alone; the clause says which bound.
        case outOfBounds(String)
        /// Not a regular file, unreadable, or not XMP; the clause says which.
        case unreadable(String)
    }

    /// The sidecar at `path` (links followed) read and, within the bounds, parsed: its size is
    /// checked from `fstat` before a byte is read, then `XMPPreScan` before Exempi sees them.
    static func sidecar(at path: String) -> SidecarContents {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.readAll(path, maximumSize: maximumSidecarSize)
        } catch let FileReadError.tooLarge(_, size, limit) {
            return .outOfBounds("it is \(size) bytes, over the limit of \(limit) bytes for XMP")
        } catch {
            return .unreadable(error.reason)
        }
        if bytes.isEmpty { return .document(XMPDocument()) }
        let scan = XMPPreScan(bytes)
        if let refusal = scan.refusal { return .outOfBounds(refusal) }
        guard let document = XMPDocument(parsingChecked: bytes, scan: scan) else { return .unreadable("it is not readable XMP") }
        return .document(document)
    }

    /// Writes `change` applied to the picture's mark as read now (under the store's lock, so the
    /// read and the write are one step), and returns the mark written.
    ///
    /// - Throws: `CullMarkStoreError.unwritable` for what stops every write in the folder (a
    ///   folder, FIFO or device at the sidecar's name, a missing or read-only folder), and
    ///   `.leftAlone` for what stops this picture's (see the type's notes).
    public func update(forPicture picturePath: String, _ change: (CullMark) -> CullMark) throws -> CullMark {
        SidecarFolders.sweepOnce(folderOf: picturePath)
        let path = Self.sidecarPath(ofPicture: picturePath)
        return try Self.writing.withLock {
            // A link first: where it leads is this picture's business only.
            let target = try Self.writeTarget(sidecar: path, picture: picturePath)
            if let problem = OutputPath.problem(target.path) {
                throw CullMarkStoreError.unwritable(path: path, reason: OutputPath.reason(problem))
            }
            let (document, old) = try Self.startingDocument(for: picturePath, target: target)
            let mark = change(old)
            XMPCullMark.write(mark, into: document)
            guard let bytes = document.serializedSidecar() else {
                throw CullMarkStoreError.unwritable(path: path, reason: "the XMP library could not serialize it")
            }
            if let refusal = XMPPreScan(bytes).refusal {
                throw CullMarkStoreError.leftAlone(path: path, reason: "written, \(refusal)")
            }
            do {
                try AtomicFile.replace(target.path, with: bytes, options: AtomicFile.Options(writesThroughLinks: false))
            } catch let error as FileWriteError {
                throw CullMarkStoreError.unwritable(path: path, reason: error.reason)
            }
            return mark
        }
    }

    /// Where the sidecar at `path` is written: the path itself, or the end of its chain of links
    /// when that is an existing regular file in the picture's folder; whether a file is there.
    ///
    /// - Throws: `CullMarkStoreError.leftAlone` for a dangling link, a link to a file elsewhere
    ///   or to something else than a regular file, or a read-only sidecar.
    static func writeTarget(sidecar path: String, picture picturePath: String) throws -> (path: String, exists: Bool) {
        let target: String
        do {
            target = try CanonicalPath.linkTarget(of: path)
        } catch {
            throw CullMarkStoreError.leftAlone(path: path, reason: error.reason)
        }
        let info = try? FileInfo.at(target, followingLinks: false)
        if target != path {
            guard let info else {
                throw CullMarkStoreError.leftAlone(path: path, reason: "it is a link to '\(target)', which does not exist")
            }
            guard info.kind == .regular else {
                throw CullMarkStoreError.leftAlone(path: path, reason: "it is a link to '\(target)', which is not a regular file")
            }
            guard sameFolder(target, picturePath) else {
                throw CullMarkStoreError.leftAlone(path: path, reason: "it is a link to '\(target)', outside the picture's folder")
            }
        }
        if let info, info.isReadOnly {
            throw CullMarkStoreError.leftAlone(path: path, reason: "it is read-only")
        }
        return (target, info != nil)
    }

    /// Whether the files at `a` and `b` are in the same folder (the same folder on disk, however
    /// the paths spell it).
    static func sameFolder(_ a: String, _ b: String) -> Bool {
        guard let first = try? FileInfo.at(SidecarFolders.folder(of: a)), let second = try? FileInfo.at(SidecarFolders.folder(of: b)) else {
            return false
        }
        return first.identity == second.identity
    }

    /// What a write starts from, and the mark it states: the existing sidecar at `target`, else
    /// `NAME.xmp`, else a new packet stating the picture's embedded mark. An existing sidecar
    /// that cannot be read, parsed, or is outside the bounds is not replaced: the write is refused.
    static func startingDocument(for picturePath: String, target: (path: String, exists: Bool)) throws -> (XMPDocument, CullMark) {
        let path = sidecarPath(ofPicture: picturePath)
        if target.exists {
            switch sidecar(at: target.path) {
            case .document(let document): return (document, XMPCullMark.mark(in: document))
            case .outOfBounds(let reason): throw CullMarkStoreError.leftAlone(path: path, reason: reason)
            case .unreadable(let reason):
                throw CullMarkStoreError.leftAlone(path: path, reason: "\(reason); it is left as it is")
            }
        }
        if let adobe = adobeSidecarPath(ofPicture: picturePath), isPresent(adobe) {
            if let document = readSidecar(adobe) { return (document, XMPCullMark.mark(in: document)) }
            return (XMPDocument(), .unmarked)
        }
        let embedded = EmbeddedXMP.packet(inPictureAt: picturePath).map { mark(fromPacket: $0) } ?? .unmarked
        return (XMPDocument(), embedded)
    }
}
