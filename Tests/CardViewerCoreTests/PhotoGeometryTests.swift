import CardMath
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The photo view's geometry (SPEC §10): fitted whole, zoom about a point, pan clamped.
@Suite struct PhotoGeometryTests {
    let window = Size(width: 1280, height: 800)

    @Test func fitShowsThePictureWholeAndAsLargeAsTheWindowAllows() {
        for picture in [Size(width: 4000, height: 3000), Size(width: 3000, height: 4000), Size(width: 600, height: 100),
                        Size(width: 50, height: 40)] {
            let g = PhotoGeometry(picture: picture, viewport: window)
            let r = g.rect
            // Never cropped: inside the window (to rounding).
            #expect(r.origin.x >= -1e-9 && r.origin.y >= -1e-9)
            #expect(r.origin.x + r.size.width <= window.width + 1e-9 && r.origin.y + r.size.height <= window.height + 1e-9)
            // As large as it can be: one side meets the window's.
            let meets = abs(r.size.width - window.width) < 1e-9 || abs(r.size.height - window.height) < 1e-9
            #expect(meets)
            // Its aspect kept, centred.
            #expect(closeEnough(r.size.width / r.size.height, picture.width / picture.height, relative: 1e-12))
            #expect(closeEnough(r.origin.x + r.size.width / 2, 640, absolute: 1e-9))
            #expect(closeEnough(r.origin.y + r.size.height / 2, 400, absolute: 1e-9))
            #expect(closeEnough(g.scale, min(1280 / picture.width, 800 / picture.height), relative: 1e-12))
            #expect(!g.isZoomed)
        }
    }

    @Test func zoomKeepsThePicturePointUnderThePointer() {
        var g = PhotoGeometry(picture: Size(width: 4000, height: 3000), viewport: window)
        for (anchor, factor) in [(Vec2(900, 300), 2.0), (Vec2(200, 700), 1.7), (Vec2(640, 400), 3.0), (Vec2(1100, 650), 0.8)] {
            let before = g.picturePoint(at: anchor)
            g.zoom(by: factor, about: anchor)
            let after = g.viewportPoint(of: before)
            // Where the clamp does not have to move the picture, the point stays under the pointer.
            let r = g.rect
            if r.origin.x < -1e-9, r.origin.x + r.size.width > window.width + 1e-9 {
                #expect(closeEnough(after.x, anchor.x, absolute: 1e-6))
            }
            if r.origin.y < -1e-9, r.origin.y + r.size.height > window.height + 1e-9 {
                #expect(closeEnough(after.y, anchor.y, absolute: 1e-6))
            }
        }
        // From fit, zooming in by 2 about a point well inside keeps it exactly.
        var h = PhotoGeometry(picture: Size(width: 4000, height: 3000), viewport: window)
        let anchor = Vec2(700, 420)
        let q = h.picturePoint(at: anchor)
        h.zoom(to: h.fitScale * 2, about: anchor)
        #expect(closeEnough(h.viewportPoint(of: q).x, anchor.x, absolute: 1e-6))
        #expect(closeEnough(h.viewportPoint(of: q).y, anchor.y, absolute: 1e-6))
    }

    @Test func panIsClampedSoThePictureLeavesNoGapItDoesNotHaveTo() {
        var g = PhotoGeometry(picture: Size(width: 4000, height: 3000), viewport: window)
        g.zoom(to: 1, about: Vec2(640, 400))
        g.pan(by: Vec2(1e6, 1e6))  // far right and down: the picture's top-left corner meets the window's
        #expect(closeEnough(g.rect.origin.x, 0, absolute: 1e-6) && closeEnough(g.rect.origin.y, 0, absolute: 1e-6))
        g.pan(by: Vec2(-1e7, -1e7))
        #expect(closeEnough(g.rect.origin.x + g.rect.size.width, 1280, absolute: 1e-6))
        #expect(closeEnough(g.rect.origin.y + g.rect.size.height, 800, absolute: 1e-6))
        g.pan(by: Vec2(100, -50))
        #expect(closeEnough(g.rect.origin.x + g.rect.size.width, 1380, absolute: 1e-6))
        // A wide panorama zoomed only sideways stays centred vertically whatever the drag.
        var p = PhotoGeometry(picture: Size(width: 8000, height: 1000), viewport: window)
        p.zoom(to: p.fitScale * 2, about: Vec2(640, 400))
        p.pan(by: Vec2(0, 300))
        #expect(closeEnough(p.rect.origin.y + p.rect.size.height / 2, 400, absolute: 1e-9))
        // Fitted, nothing pans.
        var f = PhotoGeometry(picture: Size(width: 4000, height: 3000), viewport: window)
        let fitted = f.rect
        f.pan(by: Vec2(200, 200))
        #expect(f.rect == fitted)
    }

    @Test func stepsStopAtFitAndOneToOneAndStayWithinFitAndEightTimes() {
        var g = PhotoGeometry(picture: Size(width: 4000, height: 3000), viewport: window)
        var scales = [g.scale]
        for _ in 0..<20 {
            g.zoom(to: g.steppedScale(in: 1), about: Vec2(640, 400))
            scales.append(g.scale)
        }
        #expect(scales.contains { abs($0 - 1) < 1e-12 })  // 100 % on the way
        #expect(closeEnough(scales.last!, PhotoGeometry.maximumZoom, relative: 1e-12))
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $1 >= $0 })
        for _ in 0..<20 { g.zoom(to: g.steppedScale(in: -1), about: Vec2(640, 400)) }
        #expect(closeEnough(g.scale, g.fitScale, relative: 1e-12))
        #expect(!g.isZoomed)
        // A zoom limit (a picture too large to hold closer) caps the scale.
        var limited = PhotoGeometry(picture: Size(width: 4000, height: 3000), viewport: window)
        limited.zoomLimit = 1.5
        limited.zoom(to: 8, about: Vec2(640, 400))
        #expect(closeEnough(limited.scale, 1.5, relative: 1e-12))
    }

    /// A picture opened before its size was known is fitted with its card's size: that geometry
    /// is not for the picture's pixels (its scale would make a 48 MP picture look zoomed ×25),
    /// until it is updated to them; at 2 pixels a point, picture points are half the pixels.
    @Test func aGeometryIsForThePixelsItWasFittedTo() {
        let pixels = PixelSize(width: 8064, height: 6048)
        var g = PhotoGeometry(picture: Size(width: 240, height: 180), viewport: window)
        #expect(!g.isFor(pixels: pixels, pixelsPerPoint: 1))
        #expect(g.scale * Double(pixels.width) > 25 * Double(window.width))
        g.update(picture: Size(width: 8064, height: 6048), viewport: window)
        #expect(g.isFor(pixels: pixels, pixelsPerPoint: 1) && !g.isZoomed)
        #expect(!g.isFor(pixels: PixelSize(width: 8065, height: 6048), pixelsPerPoint: 1))
        #expect(!g.isFor(pixels: pixels, pixelsPerPoint: 2))
        let retina = PhotoGeometry(picture: Size(width: 4032, height: 3024), viewport: window)
        #expect(retina.isFor(pixels: pixels, pixelsPerPoint: 2) && !retina.isFor(pixels: PixelSize(width: 8064, height: 6047), pixelsPerPoint: 2))
    }
}
