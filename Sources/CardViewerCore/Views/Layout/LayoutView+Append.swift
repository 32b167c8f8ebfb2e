import CardInteraction
import CardLayout
import CardMath

/// The steps of an append (A), after the seed's `appendItem` (SPEC §2.1): dismiss a highlighted
/// card → scroll to where the new card goes → insert it from its appearing attributes (the
/// pages layout's −90° flip) → wait 0.3 s → highlight it (pages only). The card joins the deck
/// (and the state file) at the start, hidden until its insert animation begins.
struct AppendSequence {
    enum Step {
        /// Waiting for the dismiss animation (none when nothing was highlighted).
        case dismissing(AnimationTag?)
        /// Waiting for the scroll to come to rest.
        case scrolling
        /// Waiting for the insert animation.
        case inserting(AnimationTag)
        /// The seed's pause before the highlight, until this time.
        case waiting(until: Double)
        /// Waiting for the highlight animation.
        case highlighting(AnimationTag)
        /// Over.
        case done
    }

    /// The new card.
    var id: CardID
    var step: Step

    /// The seed's pause between inserting and highlighting, seconds.
    static let pause = 0.3
}

extension LayoutView {
    /// Appends a card made by the configuration's `newCard`, animated step by step. While
    /// another append runs or a finger-driven interaction is in progress, the append is queued
    /// and starts when they are over (A pressed three times quickly appends three cards).
    func startAppend() {
        guard !session.isMinimized else { return }
        if dropsAddPictures {
            session.showMessage(ViewerSession.dropToAddMessage)
            return
        }
        if appendSequence != nil || controller.isInteracting || queuedAppends > 0 {
            queuedAppends += 1
            session.showMessage(queuedAppends == 1 ? "1 more card queued" : "\(queuedAppends) more cards queued")
            return
        }
        beginAppend()
    }

    /// Starts an append now.
    private func beginAppend() {
        let made = newCard(session.scene.deck)
        var dismissal: AnimationTag?
        if controller.highlightedCard != nil {
            dismissal = controller.setHighlighted(nil, in: &session.scene, timing: .standard)
        }
        guard let id = session.scene.deck.append(source: made.source, title: made.title) else {
            // Every id has been handed out (the state's nextID is at its largest): say so.
            queuedAppends = 0
            let text = "cannot add a card: every card id up to \(UInt32.max - 1) has been used"
            session.notices.append(text)
            session.showMessage(text)
            return
        }
        session.scene.hidden.insert(id)
        session.scene.updateScrollBounds(for: controller)
        session.scene.deckDidChange()
        appendSequence = AppendSequence(id: id, step: .dismissing(dismissal))
        stepAppend()
        session.refreshOverlay()
    }

    /// Takes every step of the append that is due now; when it is over, starts the next queued
    /// one (once no finger-driven interaction is in progress).
    func stepAppend() {
        if var sequence = appendSequence {
            while let next = nextStep(of: sequence) { sequence.step = next }
            appendSequence = sequence.step.isDone ? nil : sequence
        }
        guard appendSequence == nil, queuedAppends > 0, !controller.isInteracting else { return }
        guard !session.isMinimized else {
            queuedAppends = 0  // nothing to watch: the queue is dropped, not kept spinning
            return
        }
        queuedAppends -= 1
        beginAppend()
    }

    /// The step after the current one when the current one is over, else `nil`.
    private func nextStep(of sequence: AppendSequence) -> AppendSequence.Step? {
        guard let index = session.scene.deck.index(of: sequence.id) else {
            session.scene.hidden.remove(sequence.id)
            return sequence.step.isDone ? nil : .done
        }
        switch sequence.step {
        case .dismissing(let tag):
            if let tag, session.scene.animator.isRunning(tag) { return nil }
            session.scene.physics.scroll(to: controller.offset(insertingAt: index, in: session.scene.context), animated: true)
            return .scrolling
        case .scrolling:
            guard session.scene.physics.isSettled else { return nil }
            session.scene.hidden.remove(sequence.id)
            let context = session.scene.context
            var final = controller.attributes(at: index, in: context, deck: session.scene.deck)
            final.id = sequence.id
            let appearing = controller.appearingAttributes(at: index, in: context)
            return .inserting(session.scene.animator.insert(final, appearing: appearing, at: session.scene.time))
        case .inserting(let tag):
            if session.scene.animator.isRunning(tag) { return nil }
            if let next = controller.offset(afterInsertingAt: index, in: session.scene.context) {
                // The layout moves on to the new card (SlideBox: from the page before it).
                session.scene.physics.scroll(to: next, animated: true)
            }
            return controller.kind.descriptor.behavior.opensAppendedCard ? .waiting(until: session.scene.time + AppendSequence.pause) : .done
        case .waiting(let until):
            guard session.scene.time >= until - 1e-9 else { return nil }
            guard let tag = controller.setHighlighted(sequence.id, in: &session.scene, timing: .standard) else { return .done }
            return .highlighting(tag)
        case .highlighting(let tag):
            return session.scene.animator.isRunning(tag) ? nil : .done
        case .done:
            return nil
        }
    }

    /// Ends an append at once (a layout switch): the card shows where it is.
    func finishAppendAtOnce() {
        guard let sequence = appendSequence else { return }
        session.scene.hidden.remove(sequence.id)
        appendSequence = nil
    }
}

extension AppendSequence.Step {
    var isDone: Bool { if case .done = self { true } else { false } }
}
