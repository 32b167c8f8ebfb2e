import CardFiles
import CardViewerCore

/// Whether this viewer may save the state file (SPEC §11): not while another viewer holds the
/// file's lock (`.FILE.lock`, `flock`), and not when the user made the file read-only. Either way
/// the state is still read, and one message says why this window will not save. The lock is held
/// as long as the claim lives.
struct StateClaim {
    /// The store to save to; `nil` when this window will not save.
    let savingStore: DeckStore?
    /// Why this window will not save, if it will not.
    let message: String?
    private let lock: FileLock?

    init(_ store: DeckStore?) {
        guard let store else {
            (savingStore, message, lock) = (nil, nil, nil)
            return
        }
        if store.isReadOnly {
            (savingStore, lock) = (nil, nil)
            message = "state file '\(store.path)' is read-only; this window will not save"
            return
        }
        switch try? FileLock.acquire(besides: store.path) {
        case .acquired(let held)?:
            (savingStore, message, lock) = (store, nil, held)
        case .held(let process)?:
            let holder = process.map { "process \($0)" } ?? "another process"
            (savingStore, lock) = (nil, nil)
            message = "\(store.path) is in use by \(holder); this window will not save"
        case nil:
            // No lock file can be made beside it (checked writable just before): save unlocked.
            (savingStore, message, lock) = (store, nil, nil)
        }
    }
}
