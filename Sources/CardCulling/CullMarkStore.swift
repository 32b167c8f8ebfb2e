import Foundation

/// Where culling marks live: XMP sidecars beside the pictures in the viewer (CardSidecars'
/// store), memory in tests. Called off the frame thread: reads touch the disk.
public protocol CullMarkStore: Sendable {
    /// The mark of the picture at `picturePath` (an absolute or relative file path): from its
    /// sidecar `NAME.EXT.xmp`, else `NAME.xmp`, else XMP embedded in the picture; `.unmarked`
    /// when none says anything or what is there cannot be read.
    func mark(ofPicture picturePath: String) -> CullMark

    /// Stores `mark` for the picture at `picturePath` (atomically, keeping every other property
    /// of an existing sidecar; the picture itself is never written).
    /// - Throws: `CullMarkStoreError.unwritable` when the sidecar cannot be written (a read-only
    ///   folder): the viewer then keeps the mark in its state instead.
    func store(_ mark: CullMark, forPicture picturePath: String) throws
}

/// Why a mark could not be stored.
public enum CullMarkStoreError: Error, Equatable, CustomStringConvertible {
    /// The sidecar at `path` cannot be written; `reason` is one line.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}

/// Marks kept in memory, for tests and for decks without files (generated decks).
public final class MemoryCullMarkStore: CullMarkStore, @unchecked Sendable {
    private var marks: [String: CullMark]
    private let lock = NSLock()

    public init(_ marks: [String: CullMark] = [:]) { self.marks = marks }

    public func mark(ofPicture picturePath: String) -> CullMark {
        lock.withLock { marks[picturePath] ?? .unmarked }
    }

    public func store(_ mark: CullMark, forPicture picturePath: String) throws {
        lock.withLock { marks[picturePath] = mark }
    }
}
