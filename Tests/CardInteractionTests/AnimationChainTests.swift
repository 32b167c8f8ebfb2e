import CardInteraction
import CardLayout
import CardMath
import CardTestSupport
import Testing

/// A controller chaining steps on completions, as the pages append does (SPEC §2.1): dismiss the
/// highlighted card → scroll to the bottom → insert the new card with a −90° flip → wait 0.3 s →
/// highlight it. Driven at 60 Hz with the scroll physics and the animator together.
@Suite struct AnimationChainTests {
    enum Step: Equatable { case dismissing, scrolling, inserting, highlighting, done }

    @Test func pagesAppendRunsItsStepsInOrder() throws {
        let viewport = Size(width: 1280, height: 800), layout = PagesLayout(), dt = 1.0 / 60
        var deck = Deck(syntheticCount: 12)
        func resting(_ id: CardID, offset: Vec2) -> CardAttributes {
            let index = deck.index(of: id) ?? 0
            var card = layout.attributes(at: index, in: LayoutContext(viewport: viewport, cardCount: deck.count, offset: offset))
            card.id = id
            return card
        }
        func highlighted(_ id: CardID, offset: Vec2) -> CardAttributes {
            var card = resting(id, offset: offset)
            card.center = Vec3(offset.x + 640, offset.y + 400, 0)
            card.transform = .identity
            return card
        }
        var physics = ScrollPhysics(axes: .vertical, viewport: viewport,
                                    maximumOffset: layout.maximumOffset(viewport: viewport, cardCount: deck.count),
                                    offset: Vec2(0, 320))
        var animator = Animator()
        let open = deck.id(at: 2)!
        var tag = animator.animate(from: highlighted(open, offset: physics.offset), to: resting(open, offset: physics.offset), at: 0)
        var step = Step.dismissing, times: [Step: Double] = [:], new = CardID(0)
        var insertStart: CardAttributes?, highlightStart = 0.0, heldDuringWait = 0
        for frame in 1...600 where step != .done {
            let t = Double(frame) * dt
            physics.step(dt)
            _ = animator.update(to: t)
            switch step {
            case .dismissing where !animator.isRunning(tag):
                let appended = deck.append(source: .synthetic(number: 13), title: "13")
                new = try #require(appended)
                let bottom = layout.maximumOffset(viewport: viewport, cardCount: deck.count)
                physics.setBounds(viewport: viewport, maximumOffset: bottom)
                physics.scroll(to: bottom, animated: true)
                (times[.dismissing], step) = (t, .scrolling)
            case .scrolling where physics.isSettled:
                let final = resting(new, offset: physics.offset)
                var appearing = final
                appearing.transform = .translation(Vec3(0, 0, -300)) * .rotationX(radians(-90))
                tag = animator.insert(final, appearing: appearing, at: t)
                insertStart = animator.presented(new, at: t)
                (times[.scrolling], step) = (t, .inserting)
            case .inserting where !animator.isRunning(tag):
                tag = animator.animate(from: resting(new, offset: physics.offset), to: highlighted(new, offset: physics.offset),
                                       timing: AnimationTiming(duration: 0.3, delay: 0.3), at: t)
                highlightStart = t
                (times[.inserting], step) = (t, .highlighting)
            case .highlighting where !animator.isRunning(tag):
                (times[.highlighting], step) = (t, .done)
            case .highlighting where t < highlightStart + 0.3 - 1e-9:
                // During the 0.3 s wait the card holds its resting attributes.
                #expect(animator.presented(new, at: t) == resting(new, offset: physics.offset))
                heldDuringWait += 1
            default:
                break
            }
        }
        #expect(step == .done)
        let dismissed = try #require(times[.dismissing]), scrolled = try #require(times[.scrolling])
        let inserted = try #require(times[.inserting]), highlightedAt = try #require(times[.highlighting])
        #expect(dismissed >= 0.3 && dismissed < 0.3 + dt * 1.5)
        #expect(scrolled > dismissed)
        #expect(closeEnough(physics.offset.y, 12 * 160 + 20 + 800 - 800))
        #expect(inserted >= scrolled + 0.3 && inserted < scrolled + 0.3 + dt * 1.5)
        #expect(highlightedAt >= inserted + 0.6 && highlightedAt < inserted + 0.6 + dt * 1.5)
        // The insert began edge-on: the card's normal lies in the screen plane (z component 0).
        let normal = try #require(insertStart).transform.transformVector(Vec3(0, 0, 1))
        #expect(closeEnough(normal.z, 0, absolute: 1e-9))
        #expect(heldDuringWait >= 17)
        #expect(deck.count == 13 && deck.index(of: new) == 12)
    }
}
