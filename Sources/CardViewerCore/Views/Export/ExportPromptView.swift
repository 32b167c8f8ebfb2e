import CardCulling
import CardEvents
import CardFiles
import CardInteraction
import CardLayout

/// `E` in the window (SPEC §13): the cards the filter shows are copied, moved or hard-linked
/// into a folder named after the filter (`ExportPlan`), or moved to the desktop's trash after a
/// confirmation that names the count — what `cardviewer export` does, through a small prompt in
/// the middle of the window. The work runs in the background (`ExportJob`); its end is said in a
/// message (problems also in the terminal), and cards whose files a move or the trash took away
/// leave the deck. Picture decks only; while the prompt shows, the culling keys do nothing.
final class ExportPromptView: ViewerView {
    /// Where the prompt is.
    enum Stage {
        case closed
        /// The choices for `plan`.
        case choosing(ExportPlan)
        /// "Move N pictures to the trash?" for `plan`.
        case confirmingTrash(ExportPlan)
    }

    /// The session that owns this, and outlives it (it is reachable only through the session).
    unowned(unsafe) let session: ViewerSession
    private(set) var stage = Stage.closed
    /// The export running, if any (one at a time).
    private(set) var job: ExportJob?
    /// The trash the `T` choice uses (the user's: `$XDG_DATA_HOME/Trash`; a test's own).
    var trashProvider: () -> FreedesktopTrash? = { FreedesktopTrash.ofUser() }

    /// How often the window looks for the job's end while it runs, seconds.
    static let pollInterval = 0.1

    init(session: ViewerSession) {
        self.session = session
    }

    var isOpen: Bool {
        if case .closed = stage { return false }
        return true
    }

    var blocksSharedKeys: Bool { isOpen }

    /// The prompt's keys, as the help lists them while it shows.
    static let keys = KeyTable([
        KeyTable.Section("Export (E)", keyWidth: 6, [
            .row(keys: "C", action: "copy into the folder named"),
            .row(keys: "M", action: "move into it (the cards leave the deck)"),
            .row(keys: "L", action: "hard-link into it"),
            .row(keys: "T", action: "move to the trash (asks first)"),
            .row(keys: "Esc", action: "cancel"),
        ]),
    ])

    var keyTable: KeyTable { Self.keys }

    /// `E` (without Ctrl or Alt) in a picture deck opens the prompt for the cards shown.
    func handleKeyWhileClosed(_ event: KeyEvent) -> Bool {
        guard event.key == .character("e"), event.modifiers.isDisjoint(with: [.control, .alt, .shift]) else { return false }
        guard session.culling.isPictureDeck else {
            session.showMessage("export is for decks of pictures")
            return true
        }
        if job != nil {
            session.showMessage("an export is still running")
            return true
        }
        let cards = session.scene.deck.cards.map { (id: $0.id, paths: session.culling.picturePaths($0)) }
        guard let plan = ExportPlan.make(cards: cards, filter: session.culling.filter, exists: { FileInfo.exists($0) }) else {
            session.showMessage("nothing to export: no pictures shown")
            return true
        }
        stage = .choosing(plan)
        session.help.close()
        session.options.close()
        session.refreshOverlay()
        return true
    }

    func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        switch (stage, event.key) {
        case (.closed, _):
            return false
        case (.choosing(let plan), .character("c")): start(.files(.copy, folder: plan.folder), plan)
        case (.choosing(let plan), .character("m")): start(.files(.move, folder: plan.folder), plan)
        case (.choosing(let plan), .character("l")): start(.files(.link, folder: plan.folder), plan)
        case (.choosing(let plan), .character("t")):
            stage = .confirmingTrash(plan)
            session.refreshOverlay()
        case (.confirmingTrash(let plan), .character("y")):
            guard let trash = trashProvider() else {
                close()
                session.showMessage("cannot find the trash: neither XDG_DATA_HOME nor HOME is an absolute path")
                return true
            }
            start(.trash(trash), plan)
        case (_, .escape), (.choosing, .character("e")), (.confirmingTrash, .character("n")):
            close()
        case (_, .character("?")), (_, .character("q")), (_, .character("f")), (_, .function):
            return false  // help, quit, fullscreen go on
        default:
            break  // nothing else acts under the prompt
        }
        return true
    }

    /// Closes the prompt without doing anything.
    func close() {
        guard isOpen else { return }
        stage = .closed
        session.refreshOverlay()
    }

    /// Starts `work` on `plan`'s cards and closes the prompt.
    private func start(_ work: ExportJob.Work, _ plan: ExportPlan) {
        stage = .closed
        job = ExportJob(work, cards: plan.cards, groups: plan.groups)
        let what = ExportPlan.counted(plan.cards.count, "picture")
        switch work {
        case .files(let action, let folder):
            let verb = ["copy": "copying", "move": "moving", "link": "linking"][action.rawValue] ?? "exporting"
            session.showMessage("\(verb) \(what) to \(MessageText.pathTail(folder)) ...")
        case .trash:
            session.showMessage("moving \(what) to the trash ...")
        }
    }

    /// When the window should next look for the job's end.
    var deadline: Double? {
        guard let job, job.isBusy else { return job == nil ? nil : session.time }
        return session.time + Self.pollInterval
    }

    /// Blocks until the running export, if any, ends (tests; quitting).
    func waitForJob() { job?.wait() }

    func clockDidMove() {
        guard let job, let (report, completed) = job.take() else { return }
        self.job = nil
        finish(job, report, completed: completed)
    }

    /// Says how `job` went; the cards whose files moved away leave the deck.
    private func finish(_ job: ExportJob, _ report: ExportReport, completed: [CardID]) {
        for failure in report.failures { session.notices.append("export: \(failure)") }
        var summary: String
        switch job.work {
        case let .files(action, folder):
            let verb = ["copy": "exported", "move": "moved", "link": "linked"][action.rawValue] ?? "exported"
            summary = "\(verb) \(ExportPlan.counted(report.pictures, "picture")) (\(ExportPlan.counted(report.files, "file"))) to "
                + MessageText.pathTail(folder)
            if report.alreadyThere > 0 { summary += "; \(report.alreadyThere) already there" }
            if action == .move { removeCards(completed) }
        case .trash:
            summary = "moved \(ExportPlan.counted(report.pictures, "picture")) (\(ExportPlan.counted(report.files, "file"))) to the trash"
            removeCards(completed)
        }
        if !report.failures.isEmpty { summary += "; \(ExportPlan.counted(report.failures.count, "problem")) (in the terminal)" }
        session.showMessage(summary)
    }

    /// Takes `ids` out of the deck (their files are gone from the folder), animated as a filter
    /// takes cards out; the current card and the photo view move on to the next card left.
    private func removeCards(_ ids: [CardID]) {
        guard !ids.isEmpty else { return }
        let gone = Set(ids)
        let whole = session.culling.savedDeck
        let shownNow = session.scene.deck
        var removed: [CardID: DeckCard] = [:]
        for card in shownNow.cards where gone.contains(card.id) { removed[card.id] = card }
        let state = DeckState(cards: shownNow.cards.filter { !gone.contains($0.id) }, deleted: shownNow.deleted,
                              nextID: shownNow.nextID, undoableDeletion: shownNow.undoableDeletion)
        guard let shown = try? Deck(state: state) else { return }
        session.layout.show(filtered: shown, of: whole, hiding: removed, animated: true)  // a deck change: saved
        session.needsDisplay = true
        session.refreshOverlay()
    }

    func appendPanels(to panels: inout [OverlayPanel]) {
        switch stage {
        case .closed:
            return
        case .choosing(let plan):
            let what = "\(ExportPlan.counted(plan.cards.count, "picture")) (\(ExportPlan.counted(plan.fileCount, "file")))"
            panels.append(OverlayPanel(lines: [
                "Export the \(what) shown (\(plan.filterTitle))",
                "",
                "C    copy to \(MessageText.pathTail(plan.folder, limit: 60))",
                "M    move there (the cards leave the deck)",
                "L    hard-link there (same disk only)",
                "T    move to the trash",
                "Esc  cancel",
            ], placement: .center))
        case .confirmingTrash(let plan):
            panels.append(OverlayPanel(lines: [
                "Move \(ExportPlan.counted(plan.cards.count, "picture")) (\(ExportPlan.counted(plan.fileCount, "file"))) to the trash?",
                "The desktop's trash can restore them.",
                "",
                "Y       yes, to the trash",
                "N, Esc  no",
            ], placement: .center))
        }
    }
}
