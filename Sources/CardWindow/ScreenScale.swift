import CGLFW
import CardMath

/// How a window's screen coordinates, points and pixels relate.
///
/// GLFW measures window sizes and cursor positions in screen coordinates. On macOS and Wayland
/// those are points and the framebuffer has `contentScale` pixels per point; on X11 they are
/// pixels (window and framebuffer the same size) and the content scale (`Xft.dpi` / 96) says how
/// many of them make a point. Both cases are one formula: a screen coordinate is
/// `framebuffer pixels per screen coordinate / contentScale` points.
public struct ScreenScale: Equatable, Sendable {
    /// GLFW's content scale: pixels per point (1 on a plain screen, 2 at `Xft.dpi: 192`).
    public var contentScale: Double
    /// The framebuffer's pixels per screen coordinate (1 on X11, the content scale on macOS).
    public var pixelsPerScreenCoordinate: Double
    /// False when the window had no framebuffer to measure (minimised): the values are 1.
    public var isMeasured: Bool

    /// One pixel per point per screen coordinate (before a window is measured).
    public init(contentScale: Double = 1, pixelsPerScreenCoordinate: Double = 1, isMeasured: Bool = false) {
        self.contentScale = contentScale.isFinite && contentScale > 0 ? contentScale : 1
        self.pixelsPerScreenCoordinate = pixelsPerScreenCoordinate.isFinite && pixelsPerScreenCoordinate > 0
            ? pixelsPerScreenCoordinate : 1
        self.isMeasured = isMeasured
    }

    /// The scale of `window` now, as GLFW reports it.
    init(of window: OpaquePointer) {
        var xScale: Float = 1, yScale: Float = 1
        glfwGetWindowContentScale(window, &xScale, &yScale)
        var width: Int32 = 0, height: Int32 = 0, pixelWidth: Int32 = 0, pixelHeight: Int32 = 0
        glfwGetWindowSize(window, &width, &height)
        glfwGetFramebufferSize(window, &pixelWidth, &pixelHeight)
        let measured = width > 0 && pixelWidth > 0
        self.init(contentScale: Double(xScale), pixelsPerScreenCoordinate: measured ? Double(pixelWidth) / Double(width) : 1,
                  isMeasured: measured)
    }

    /// Points per screen coordinate: 1 on macOS and Wayland, 1 / content scale on X11.
    public var pointsPerScreenCoordinate: Double { pixelsPerScreenCoordinate / contentScale }

    /// Screen coordinates per point (what a size in points is in GLFW's window calls).
    public var screenCoordinatesPerPoint: Double { contentScale / pixelsPerScreenCoordinate }

    /// A position in screen coordinates (a cursor's) in points.
    public func points(_ x: Double, _ y: Double) -> Vec2 {
        let k = pointsPerScreenCoordinate
        return Vec2(x * k, y * k)
    }

    /// A size in screen coordinates (a window's) in points.
    public func points(_ size: Size) -> Size {
        let k = pointsPerScreenCoordinate
        return Size(width: size.width * k, height: size.height * k)
    }
}
