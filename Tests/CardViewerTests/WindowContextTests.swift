import CardLayout
import CardMath
import CardPacking
import CardRendering
import CardViewerApp
import CardWindow
import Foundation
import Testing

/// The GLFW window context: needs a display (`make test` runs the tests under xvfb-run).
@Suite("GLFW window context", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs DISPLAY (make test runs under xvfb-run)"))
struct WindowContextTests {
    @Test("a hidden window has an OpenGL 3.3 core context and the renderer draws into it: one call for the cards, one for their badges")
    func renderIntoWindow() throws {
        let window = try GLFWWindowContext(title: "CardViewer test", size: Size(width: 320, height: 200), visible: false)
        #expect(window.contextVersion >= (3, 3))
        #expect(window.viewportSize == Size(width: 320, height: 200))
        #expect(window.drawableSize.width >= 320 && window.drawableSize.height >= 200)
        #expect(window.framebuffer == 0)
        let renderer = try CardRenderer(context: window)
        let context = LayoutContext(viewport: window.viewportSize, cardCount: 20)
        var packer = InstancePacker()
        packer.pack(PagesLayout().visibleAttributes(in: context), offset: .zero, camera: context.camera, ordering: .depth,
                    layerCount: renderer.imageLayerCount)
        let stats = try renderer.render(packer, camera: context.camera)
        window.present()
        #expect(stats.drawCalls == 2)
        #expect(stats.instances > 0)
        _ = window.nextEvents(timeout: 0)
        #expect(!window.shouldClose)
        window.close()
        #expect(window.shouldClose)
    }
}
