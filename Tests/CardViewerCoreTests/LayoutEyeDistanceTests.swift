import CardInteraction
import CardLayout
import CardMath
@testable import CardViewerCore
import Testing

/// Issue 34 item 6: a camera distance per layout family (`LayoutDescriptor.preferredEyeDistance`:
/// iCarousel's types 500, the seeds 1500), animated on a layout switch over the switch's timing,
/// fixed for every layout by `--camera-distance` (or a distance the user saved).
@Suite("The eye distance per layout family", .serialized)
struct LayoutEyeDistanceTests {
    /// A session on 30 synthetic cards in `layout`, at `fixed` for every layout (`nil`: each its own).
    func session(_ layout: LayoutKind, fixed: Double? = nil) -> ViewerSession {
        var configuration = ViewerSession.Configuration(layout: layout, viewport: testViewport)
        configuration.eyeDistance = fixed
        return ViewerSession(deck: Deck(syntheticCount: 30), configuration: configuration)
    }

    @Test("iCarousel's types prefer 500, the seeds 1500; a session shows each from its own, and saves none")
    func perFamily() {
        let carousels = LayoutRegistry.builtIn.filter { $0.behavior.interaction == .carousel }
        #expect(carousels.count >= 5, "\(carousels.map(\.name))")
        for descriptor in LayoutRegistry.builtIn {
            let expected = descriptor.behavior.interaction == .carousel ? 500.0 : Camera.defaultEyeDistance
            #expect(descriptor.preferredEyeDistance == expected, "\(descriptor.name)")
            let s = session(descriptor.kind)
            #expect(s.eyeDistance == expected && s.camera.eyeDistance == expected, "\(descriptor.name)")
            #expect(s.scene.context.camera == s.camera)
            #expect(s.savedLayout.cameraDistance == nil, "\(descriptor.name)")
        }
        #expect(LayoutKind.coverflow.descriptor.preferredEyeDistance == LayoutDescriptor.iCarouselEyeDistance)
        #expect(LayoutKind.grid.descriptor.preferredEyeDistance == 1500 && LayoutKind.pages.descriptor.preferredEyeDistance == 1500)
    }

    @Test("a switch animates the distance to the new layout's over the switch's 0.5 s, ease-in-out; back again likewise")
    func animatedOnSwitch() {
        let s = session(.grid)
        s.advance(to: 1)
        #expect(s.eyeDistance == 1500 && !s.needsFrames)
        s.layout.switchLayout(to: .coverflow)
        #expect(s.eyeDistance == 1500, "it starts where it was")
        let timing = LayoutView.switchTiming
        #expect(timing.duration == 0.5)
        for fraction in [0.25, 0.5, 0.75] {
            s.advance(to: 1 + fraction * timing.duration)
            let expected = 1500 + (500 - 1500) * timing.curve.progress(fraction)
            #expect(abs(s.eyeDistance - expected) < 1e-9, "at \(fraction): \(s.eyeDistance), expected \(expected)")
            #expect(s.camera.eyeDistance == s.eyeDistance && s.needsFrames)
        }
        #expect(s.eyeDistance < 1500 && s.eyeDistance > 500)
        s.advance(to: 1 + timing.duration)
        #expect(s.eyeDistance == 500)
        s.advance(to: 3)
        #expect(s.eyeDistance == 500 && s.camera.eyeDistance == 500 && !s.needsFrames)
        #expect(s.savedLayout.cameraDistance == nil)
        // Between two carousels nothing moves; back to a seed it animates up again.
        s.layout.switchLayout(to: .rotary)
        s.advance(to: 3.25)
        #expect(s.eyeDistance == 500)
        s.advance(to: 4)
        s.layout.switchLayout(to: .pages)
        s.advance(to: 4.25)
        #expect(abs(s.eyeDistance - (500 + 1000 * timing.curve.progress(0.5))) < 1e-9)
        s.advance(to: 5)
        #expect(s.eyeDistance == 1500)
    }

    @Test("a switch during a switch turns the distance around from where it is, without a jump")
    func switchDuringSwitch() {
        let s = session(.grid)
        s.advance(to: 1)
        s.layout.switchLayout(to: .coverflow)
        s.advance(to: 1.25)
        let midway = s.eyeDistance
        s.layout.switchLayout(to: .grid)
        #expect(s.eyeDistance == midway)
        s.advance(to: 2)
        #expect(s.eyeDistance == 1500)
    }

    @Test("--camera-distance holds for every layout: no animation on a switch; saved unless it is the layout's own", arguments: [800.0, 500.0, 1500.0])
    func fixedOverrides(distance: Double) {
        let s = session(.grid, fixed: distance)
        s.advance(to: 1)
        #expect(s.eyeDistance == distance && s.fixedEyeDistance == distance)
        #expect(s.savedLayout.cameraDistance == (distance == 1500 ? nil : distance))
        s.layout.switchLayout(to: .coverflow)
        for t in [1.1, 1.25, 1.6, 3.0] {
            s.advance(to: t)
            #expect(s.eyeDistance == distance, "at \(t)")
        }
        #expect(s.savedLayout.cameraDistance == (distance == 500 ? nil : distance))
    }
}
