import CardFiles
import CardLayout
import Foundation

/// One export or trashing started by `E` (SPEC §13), run off the frame thread — copying a
/// shoot takes seconds, and a key never waits for the disk — with its report handed back to
/// the frame thread through `take()`.
///
/// Threading: `start`, `take`, `isBusy` may be called from any thread; the work runs on a
/// global queue; `wait` blocks until it is done (tests, quit).
final class ExportJob: @unchecked Sendable {
    // @unchecked: `finished` is touched only with `lock` held; the rest is immutable.

    /// What the job does.
    enum Work: Sendable {
        case files(ExportAction, folder: String)
        case trash(FreedesktopTrash)
    }

    /// What it was asked to do, for the message that ends it.
    let work: Work
    /// The cards it acts on (the groups' cards, same positions).
    let cards: [CardID]
    private let lock = NSLock()
    private let done = DispatchGroup()
    private var finished: (report: ExportReport, completed: [CardID])?

    /// Starts the work on `groups` (same positions as `cards`).
    init(_ work: Work, cards: [CardID], groups: [ExportGroup]) {
        self.work = work
        self.cards = cards
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var report: ExportReport
            var completed: [CardID] = []
            switch work {
            case let .files(action, folder):
                if !FileInfo.isFolder(folder), let failure = Folder.make(folder, mode: 0o755) {
                    var refused = ExportReport()  // no card done
                    refused.failures = ["cannot make '\(PathBytes.displayed(folder))': \(failure)"]
                    report = refused
                } else {
                    report = ExportRun.run(groups, into: folder, action: action) { completed.append(cards[$0]) }
                }
            case .trash(let trash):
                report = ExportRun.trash(groups, into: trash) { completed.append(cards[$0]) }
            }
            lock.withLock { finished = (report, completed) }
            done.leave()
        }
    }

    /// True until the report is ready.
    var isBusy: Bool { lock.withLock { finished == nil } }

    /// The report once the work is done, and the cards whose every file was placed (or trashed)
    /// (each call returns them again).
    func take() -> (report: ExportReport, completed: [CardID])? { lock.withLock { finished } }

    /// Waits for the work to end.
    func wait() { done.wait() }
}
