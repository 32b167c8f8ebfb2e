import Foundation

/// Where culling marks live: XMP sidecars beside the pictures in the viewer (CardSidecars'
/// store), memory in tests. Called off the frame thread: reads touch the disk.
public protocol CullMarkStore: Sendable {
    /// The mark of the picture at `picturePath` (an absolute or relative file path): from its
    /// sidecar `NAME.EXT.xmp`, else `NAME.xmp`, else XMP embedded in the picture; `.unmarked`
    /// when none says anything or what is there cannot be read.
    func mark(ofPicture picturePath: String) -> CullMark

    /// The mark as `mark(ofPicture:)` reads it, and why the picture's sidecar will be left alone
    /// (never rewritten: its marks go to the viewer's state), if it will.
    func reading(ofPicture picturePath: String) -> CullMarkReading

    /// Stores `mark` for the picture at `picturePath` (atomically, keeping every other property
    /// of an existing sidecar; the picture itself is never written).
    /// - Throws: `CullMarkStoreError` when the sidecar cannot be written (a read-only folder, a
    ///   sidecar left alone): the viewer then keeps the mark in its state instead.
    func store(_ mark: CullMark, forPicture picturePath: String) throws

    /// Stores `change` applied to the picture's mark as read now, in one step (a key pressed
    /// before the picture's mark was read changes only what the key changes); returns the mark
    /// stored. - Throws: as `store`.
    func update(forPicture picturePath: String, _ change: (CullMark) -> CullMark) throws -> CullMark
}

extension CullMarkStore {
    /// The mark, never left alone (a store without such limits).
    public func reading(ofPicture picturePath: String) -> CullMarkReading {
        CullMarkReading(mark: mark(ofPicture: picturePath))
    }

    /// A read, then a store (a store whose reads and writes need no lock between them).
    public func update(forPicture picturePath: String, _ change: (CullMark) -> CullMark) throws -> CullMark {
        let mark = change(self.mark(ofPicture: picturePath))
        try store(mark, forPicture: picturePath)
        return mark
    }
}

/// A picture's mark as read, and whether its sidecar will be left alone.
public struct CullMarkReading: Hashable, Sendable {
    /// A sidecar the store will not write, and why.
    public struct LeftAlone: Hashable, Sendable {
        public var path: String
        /// One clause: "it is 5000000 bytes, over the limit of 4194304 bytes for XMP".
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public var mark: CullMark
    /// Nil when the store may write the picture's sidecar.
    public var leftAlone: LeftAlone?

    public init(mark: CullMark, leftAlone: LeftAlone? = nil) {
        self.mark = mark
        self.leftAlone = leftAlone
    }
}

/// Why a mark could not be stored.
public enum CullMarkStoreError: Error, Equatable, CustomStringConvertible {
    /// The sidecar at `path` cannot be written, nor any in its folder (a read-only folder, a
    /// folder or FIFO at its name); `reason` is one line.
    case unwritable(path: String, reason: String)
    /// This picture's sidecar at `path` is left alone (over the XMP bounds, read-only, a link
    /// that is dangling or leads out of the picture's folder, not readable XMP); the folder's
    /// other sidecars are written as usual. `reason` is one clause.
    case leftAlone(path: String, reason: String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .leftAlone(let path, let reason): return "left \(path) as it is: \(reason)"
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
