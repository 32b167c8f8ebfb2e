import CardMath
import CardWindow
import Testing

/// `ScreenScale`: GLFW's screen coordinates into points, on X11 (coordinates are pixels, the
/// content scale from `Xft.dpi`) and on macOS / Wayland (coordinates are points already).
@Suite("ScreenScale: screen coordinates to points")
struct ScreenScaleTests {
    @Test("X11 at Xft.dpi 192: a 2560 × 1600 window (and framebuffer) is 1280 × 800 points; the cursor halves")
    func x11() {
        let scale = ScreenScale(contentScale: 2, pixelsPerScreenCoordinate: 1, isMeasured: true)
        #expect(scale.pointsPerScreenCoordinate == 0.5)
        #expect(scale.screenCoordinatesPerPoint == 2)
        #expect(scale.points(Size(width: 2560, height: 1600)) == Size(width: 1280, height: 800))
        #expect(scale.points(1000, 300) == Vec2(500, 150))
    }

    @Test("macOS or Wayland at 2×: screen coordinates are points (the framebuffer has 2 pixels each)")
    func pointCoordinates() {
        let scale = ScreenScale(contentScale: 2, pixelsPerScreenCoordinate: 2, isMeasured: true)
        #expect(scale.pointsPerScreenCoordinate == 1)
        #expect(scale.points(Size(width: 1280, height: 800)) == Size(width: 1280, height: 800))
        #expect(scale.points(12.5, 7) == Vec2(12.5, 7))
    }

    @Test("a plain screen, a fractional one, and nonsense from a minimised window")
    func plainAndOdd() {
        #expect(ScreenScale().points(Size(width: 640, height: 400)) == Size(width: 640, height: 400))
        #expect(ScreenScale(contentScale: 1.5, pixelsPerScreenCoordinate: 1).points(Size(width: 1920, height: 1200))
                == Size(width: 1280, height: 800))
        let odd = ScreenScale(contentScale: 0, pixelsPerScreenCoordinate: .nan)
        #expect(odd.contentScale == 1 && odd.pixelsPerScreenCoordinate == 1)
    }
}
