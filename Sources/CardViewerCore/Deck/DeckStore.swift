import CardFiles
import CardInteraction
import Foundation

/// Why the state file cannot be used at all (as opposed to being corrupt, which is handled by
/// moving it aside). One line naming the file.
public struct DeckStoreError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// The deck's state file (`--state FILE`): the order, deletions and added cards as JSON
/// (`DeckState`, version 1) and the layout they were shown in (`SavedLayout`), saved
/// atomically after each change and on quit, restored at start.
///
/// A file that is not a valid deck state (not JSON, wrong shape, duplicate ids, …) is never
/// overwritten unread: it is renamed to `FILE.corrupt-YYYYMMDD-HHMMSS` and the viewer starts
/// fresh with a warning.
public struct DeckStore: Sendable {
    /// The state file's path.
    public let path: String
    /// The largest state read, bytes (`maximumStateSize` unless a test asks for less).
    public let maximumSize: Int

    /// The largest state file read, bytes: 256 MiB. Checked from the file's size before anything
    /// is read (a sparse 64 GiB file costs nothing). SPEC §11 says 64 MB, but a 1,000,000-card
    /// deck's state is already 60–80 MB (`LargeDeckStateTests`) and the viewer shows up to
    /// 5,000,000 cards: a 64 MB cap would move such a state aside on every start.
    public static let maximumStateSize = 256 * 1024 * 1024

    public init(path: String) {
        self.init(path: path, maximumSize: Self.maximumStateSize)
    }

    /// A store that reads states of at most `maximumSize` bytes.
    public init(path: String, maximumSize: Int) {
        self.path = path
        self.maximumSize = maximumSize
    }

    /// True when something is at the path (a state to restore, or a file to move aside).
    public var hasFile: Bool { FileInfo.exists(path) || (try? FileInfo.at(path, followingLinks: false)) != nil }

    /// What `load()` found.
    public enum Loaded: Sendable {
        /// No file yet.
        case missing
        /// The saved deck, and the layout it was shown in when the file names one.
        case restored(Deck, layout: SavedLayout?)
        /// The file was not a deck state; it now lives at `movedTo`.
        case corrupt(reason: String, movedTo: String)
        /// The file could not be read as a state (over `maximumSize`, or not a regular file: a
        /// FIFO, a device, a socket); it now lives at `movedTo`.
        case unusable(reason: String, movedTo: String)
    }

    /// Checks, before anything else happens, that the state can be saved: the folder exists and
    /// is writable, and the path is not a folder.
    public func checkUsable() throws {
        switch OutputPath.problem(path) {
        case nil: return
        case .isFolder: throw DeckStoreError(description: "state file '\(path)' is a directory")
        case let problem?: throw DeckStoreError(description: "cannot save state to '\(path)': \(OutputPath.reason(problem))")
        }
    }

    /// Reads the saved deck. A corrupt file is moved aside (see the type's notes). First removes
    /// the state file's own stale temporaries (`StaleTemporaries`: a save killed midway leaves
    /// one; only that name pattern, next to the file, of processes no longer saving).
    ///
    /// A file over `maximumSize`, or one that is not a regular file (a FIFO, a device: never
    /// waited on), is moved aside the same way (`.unusable`): the viewer starts fresh rather than
    /// fail on every start. A folder stays an error. (`checkUsable`, called first by the viewer,
    /// refuses a folder, FIFO or device at the path before this.)
    ///
    /// - Throws: `DeckStoreError` when the file exists but cannot be read (permissions, a
    ///   folder), or a corrupt file cannot be moved aside.
    public func load(now: Date = Date()) throws -> Loaded {
        StaleTemporaries.remove(besides: path)
        guard FileInfo.exists(path) else { return .missing }
        do {
            // The file's bytes are freed before the deck is built from the parsed state.
            let (state, layout) = try Self.readState(path, maximumSize: maximumSize)
            return .restored(try Deck(state: state), layout: layout)
        } catch let failure as FileReadError {
            switch failure {
            case let .tooLarge(_, size, limit):
                return try moveAside("it is \(size) bytes, over the limit of \(limit) bytes for a state", now: now, corrupt: false)
            case let .notRegular(_, kind) where kind != .folder:
                return try moveAside("it is not a regular file", now: now, corrupt: false)
            default:
                throw DeckStoreError(description: "cannot read state file '\(path)'")
            }
        } catch {
            return try moveAside(Self.reason(error), now: now, corrupt: true)
        }
    }

    /// The parsed state in the file at `path` (a regular file of at most `maximumSize` bytes:
    /// `FileBytes`, which refuses from the file's size before reading).
    private static func readState(_ path: String, maximumSize: Int) throws -> (state: DeckState, layout: SavedLayout?) {
        let bytes = try FileBytes.readAll(path, maximumSize: maximumSize)
        return try bytes.withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
    }

    /// Renames the file to `FILE.corrupt-YYYYMMDD-HHMMSS` (never over another file).
    private func moveAside(_ reason: String, now: Date, corrupt: Bool) throws -> Loaded {
        do {
            let moved = try ExclusiveFile.moveAside(path, suffix: ".corrupt-\(ExclusiveFile.timestamp(now))")
            return corrupt ? .corrupt(reason: reason, movedTo: moved) : .unusable(reason: reason, movedTo: moved)
        } catch let failure as FileWriteError {
            let what = corrupt ? "is corrupt" : "cannot be used"
            throw DeckStoreError(description: "state file '\(path)' \(what) (\(reason)) and \(failure.description)")
        }
    }

    /// True when the state file (or the file its link points to) exists and has no write bit:
    /// the user made it read-only, so it is read but never replaced.
    public var isReadOnly: Bool {
        (try? FileInfo.at(path))?.isReadOnly ?? false
    }

    /// Decks up to this many cards (deletions and marks kept in the state included) are saved
    /// indented, one field a line, for people to read; larger ones compactly.
    public static let readableCardLimit = 10_000

    /// Saves `deck` atomically (`AtomicFile`: temporary file, fsync, rename), streamed: the JSON goes to the
    /// file through a 64 KiB buffer as it is written, never whole into memory. A state that
    /// would pass `maximumSize` (about 3.6 million generated cards, fewer pictures with long
    /// paths) is not written: the file keeps its last state, which `load` reads back.
    /// A symbolic link at `path` is written through to its target; a read-only file is never
    /// replaced.
    public func save(_ deck: Deck, layout: SavedLayout? = nil) throws {
        if isReadOnly { throw DeckStoreError(description: "state file '\(path)' is read-only: not saved") }
        // Marks count as cards: 5,000,000 marks indented would take twice the bytes of compact ones.
        let entries = deck.count + deck.deleted.count + (layout?.culling?.marks.count ?? 0)
        let readable = entries <= Self.readableCardLimit
        do {
            try AtomicFile.replace(path, options: AtomicFile.Options(writesThroughLinks: true)) { sink in
                var writer = DeckStateWriter(readable: readable, maximumSize: maximumSize)
                try writer.write(deck, layout: layout, to: &sink)
            }
        } catch let failure as DeckStateWriter.TooLarge {
            // Never a state this store would move aside at the next start: the file keeps the
            // last state that fit.
            throw DeckStoreError(description: "the state of \(deck.count) cards passes the limit of \(failure.limit) bytes a state may have: not saved, '\(path)' keeps its last state")
        } catch let failure as FileWriteError {
            throw DeckStoreError(description: failure.description)
        }
    }

    /// The deck in a state file's bytes: the one parser of untrusted state bytes (the fuzzers
    /// call it). Reads version 1 JSON, readable or compact, whoever wrote it
    /// (`DeckStateParser`: no document tree, so a 1,000,000-card state loads in about the memory
    /// of the file and the deck).
    ///
    /// - Throws: `DeckStateSyntaxError` (not JSON, wrong shape) or `DeckStateError` (an unknown
    ///   version, a duplicate id, an id not below `nextID`), each one line.
    public static func decodeState(_ bytes: [UInt8]) throws -> Deck {
        try Deck(state: bytes.withUnsafeBufferPointer { try DeckStateParser.parse($0) })
    }

    /// A decoding error in one line.
    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.localizedDescription
            return underlying.map { "not valid JSON: \($0)" } ?? context.debugDescription
        case DecodingError.keyNotFound(let key, _):
            return "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "wrong value at '\(field)'"
        default:
            return "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
        }
    }
}
