import CardMath
import CardRendering
import Testing

/// `--size` against what the OpenGL driver allows (SPEC §11): the first limit a frame passes,
/// by name and value, for windows and offscreen frames.
@Suite struct DriverLimitTests {
    static let driver = GLInfo(version: "4.5", renderer: "test", vendor: "test", major: 4, minor: 5,
                               maximumViewport: PixelSize(width: 8000, height: 6000), maximumRenderbufferSize: 4000,
                               maximumTextureSize: 7000)

    @Test func theFirstLimitPassedIsNamedWithItsValue() {
        let driver = Self.driver
        #expect(driver.limit(exceededBy: PixelSize(width: 4000, height: 4000), offscreen: true) == nil)
        #expect(driver.limit(exceededBy: PixelSize(width: 4001, height: 10), offscreen: true)
                == GLInfo.SizeLimit(name: "GL_MAX_RENDERBUFFER_SIZE", value: 4000))
        // A window's frame is no renderbuffer: its viewport and the frame-sized textures bound it.
        #expect(driver.limit(exceededBy: PixelSize(width: 7000, height: 6000), offscreen: false) == nil)
        #expect(driver.limit(exceededBy: PixelSize(width: 10, height: 6001), offscreen: false)
                == GLInfo.SizeLimit(name: "GL_MAX_VIEWPORT_DIMS", value: 6000))
        #expect(driver.limit(exceededBy: PixelSize(width: 7001, height: 10), offscreen: false)
                == GLInfo.SizeLimit(name: "GL_MAX_TEXTURE_SIZE", value: 7000))
        #expect(driver.limit(exceededBy: PixelSize(width: 8001, height: 10), offscreen: false)
                == GLInfo.SizeLimit(name: "GL_MAX_VIEWPORT_DIMS", value: 8000))
    }

    @Test func theRefusalIsOneLineNamingTheLimit() {
        let error = RenderError.beyondDriverLimit(size: PixelSize(width: 20000, height: 100), limit: "GL_MAX_RENDERBUFFER_SIZE", value: 16384)
        #expect(error.description == "a frame of 20000x100 pixels is beyond this OpenGL driver's GL_MAX_RENDERBUFFER_SIZE of 16384 pixels")
    }

    @Test("the driver at hand reports its limits, and a frame past them is refused by name")
    func theDriversOwnLimits() throws {
        let gpu = try EGLOffscreenContext(size: PixelSize(width: 8, height: 8))
        let info = GLInfo.current()
        #expect(info.maximumRenderbufferSize >= 4096 && info.maximumTextureSize >= 4096)
        #expect(info.maximumViewport.width >= 4096 && info.maximumViewport.height >= 4096)
        withExtendedLifetime(gpu) {}
        let side = info.maximumRenderbufferSize + 1
        #expect(throws: RenderError.beyondDriverLimit(size: PixelSize(width: side, height: 8), limit: "GL_MAX_RENDERBUFFER_SIZE",
                                                      value: info.maximumRenderbufferSize)) {
            _ = try EGLOffscreenContext(size: PixelSize(width: side, height: 8))
        }
    }
}
