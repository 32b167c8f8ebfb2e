import CardLayout
import CardMath
@testable import CardPictures
import CardTestSupport
import Testing

/// Where a picture sits in its card (fit and fill), SlideBox's card for a photo, and the layer's
/// texture-coordinate scale, against the formulas.
@Suite struct FittingTests {
    func close(_ r: UnitRect, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
        closeEnough(r.x, x, absolute: 1e-12) && closeEnough(r.y, y, absolute: 1e-12)
            && closeEnough(r.width, w, absolute: 1e-12) && closeEnough(r.height, h, absolute: 1e-12)
    }

    // Cards: landscape 16:10 (a pages tab, a SlideBox frame), portrait 3:4. Pictures: landscape
    // 4:3, portrait 2:3, panorama 4:1.
    static let landscapeCard = 16.0 / 10, portraitCard = 3.0 / 4

    @Test("fit keeps the whole picture, centred, aspect kept, inside the card")
    func fit() {
        // 4:3 in 16:10: full height, width (4/3)/(16/10) = 5/6, pillarboxed.
        #expect(close(PictureFitting.rect(pictureAspect: 4.0 / 3, cardAspect: Self.landscapeCard, mode: .fit),
                      1.0 / 12, 0, 5.0 / 6, 1))
        // 2:3 portrait in 16:10: width (2/3)/(1.6) = 5/12.
        #expect(close(PictureFitting.rect(pictureAspect: 2.0 / 3, cardAspect: Self.landscapeCard, mode: .fit),
                      7.0 / 24, 0, 5.0 / 12, 1))
        // 4:1 panorama in 16:10: full width, height 1.6/4 = 0.4, letterboxed.
        #expect(close(PictureFitting.rect(pictureAspect: 4, cardAspect: Self.landscapeCard, mode: .fit), 0, 0.3, 1, 0.4))
        // 4:3 in a 3:4 card: full width, height (3/4)/(4/3) = 9/16.
        #expect(close(PictureFitting.rect(pictureAspect: 4.0 / 3, cardAspect: Self.portraitCard, mode: .fit),
                      0, 7.0 / 32, 1, 9.0 / 16))
        // 2:3 in 3:4: full height, width (2/3)/(3/4) = 8/9.
        #expect(close(PictureFitting.rect(pictureAspect: 2.0 / 3, cardAspect: Self.portraitCard, mode: .fit),
                      1.0 / 18, 0, 8.0 / 9, 1))
        // 4:1 in 3:4: height 0.75/4 = 3/16.
        #expect(close(PictureFitting.rect(pictureAspect: 4, cardAspect: Self.portraitCard, mode: .fit),
                      0, 13.0 / 32, 1, 3.0 / 16))
        // Same aspect: the whole card.
        #expect(close(PictureFitting.rect(pictureAspect: 1.6, cardAspect: 1.6, mode: .fit), 0, 0, 1, 1))
    }

    @Test("fill covers the card, centred, the overflow cropped symmetrically")
    func fill() {
        // 4:3 in 16:10: full width, height 6/5, 1/10 cropped top and bottom.
        #expect(close(PictureFitting.rect(pictureAspect: 4.0 / 3, cardAspect: Self.landscapeCard, mode: .fill),
                      0, -0.1, 1, 1.2))
        // 4:1 in 16:10: full height, width 2.5.
        #expect(close(PictureFitting.rect(pictureAspect: 4, cardAspect: Self.landscapeCard, mode: .fill),
                      -0.75, 0, 2.5, 1))
        // 2:3 in 3:4: full width, height 9/8.
        #expect(close(PictureFitting.rect(pictureAspect: 2.0 / 3, cardAspect: Self.portraitCard, mode: .fill),
                      0, -1.0 / 16, 1, 9.0 / 8))
        let covered = PictureFitting.coveredRect(pictureAspect: 4, cardAspect: Self.landscapeCard, mode: .fill)
        #expect(close(covered, 0, 0, 1, 1))
    }

    @Test("the picture's aspect is kept in card units of every card", arguments: [0.25, 2.0 / 3, 1, 4.0 / 3, 4])
    func aspectKept(picture: Double) {
        for card in [0.5, Self.portraitCard, 1, Self.landscapeCard, 3] {
            for mode in [PictureFitMode.fit, .fill] {
                let r = PictureFitting.rect(pictureAspect: picture, cardAspect: card, mode: mode)
                // Width in points over height in points = the picture's aspect.
                #expect(closeEnough(r.width * card / r.height, picture, absolute: 1e-12))
                #expect(closeEnough(r.x + r.width / 2, 0.5, absolute: 1e-12) && closeEnough(r.y + r.height / 2, 0.5, absolute: 1e-12))
                if mode == .fit {
                    #expect(r.x >= -1e-12 && r.y >= -1e-12 && r.maxX <= 1 + 1e-12 && r.maxY <= 1 + 1e-12)
                    #expect(closeEnough(max(r.width, r.height), 1, absolute: 1e-12))
                } else {
                    #expect(r.x <= 1e-12 && r.y <= 1e-12 && r.maxX >= 1 - 1e-12 && r.maxY >= 1 - 1e-12)
                    #expect(closeEnough(min(r.width, r.height), 1, absolute: 1e-12))
                }
            }
        }
    }

    @Test("a card point maps to the picture point a shader samples")
    func pictureCoordinates() {
        let r = PictureFitting.rect(pictureAspect: 4, cardAspect: Self.landscapeCard, mode: .fit)  // y 0.3…0.7
        let center = r.pictureCoordinates(u: 0.5, v: 0.5)
        #expect(closeEnough(center.u, 0.5) && closeEnough(center.v, 0.5))
        let top = r.pictureCoordinates(u: 0, v: 0.3)
        #expect(closeEnough(top.u, 0) && closeEnough(top.v, 0, absolute: 1e-12))
        // Above the picture: outside 0…1, the card's background.
        #expect(r.pictureCoordinates(u: 0.5, v: 0.1).v < 0)
    }

    @Test("degenerate aspects cover the card")
    func degenerate() {
        for aspect in [0, -1, .nan, .infinity] {
            #expect(PictureFitting.rect(pictureAspect: aspect, cardAspect: 1.6, mode: .fit) == .unit)
            #expect(PictureFitting.rect(pictureAspect: 1.6, cardAspect: aspect, mode: .fill) == .unit)
        }
    }

    @Test("SlideBox: the card takes the photo's aspect within its 0.6W × 0.6H frame")
    func slideBox() {
        let frame = Size(width: 0.6 * 1280, height: 0.6 * 800)  // 768 × 480, aspect 1.6
        let landscape = PictureFitting.slideBoxCardSize(frame: frame, pictureAspect: 4.0 / 3)
        #expect(closeEnough(landscape.width, 640) && closeEnough(landscape.height, 480))
        let portrait = PictureFitting.slideBoxCardSize(frame: frame, pictureAspect: 2.0 / 3)
        #expect(closeEnough(portrait.width, 320) && closeEnough(portrait.height, 480))
        let panorama = PictureFitting.slideBoxCardSize(frame: frame, pictureAspect: 4)
        #expect(closeEnough(panorama.width, 768) && closeEnough(panorama.height, 192))
        #expect(PictureFitting.slideBoxCardSize(frame: frame, pictureAspect: .nan) == frame)
        #expect(PictureFitting.slideBoxCardSize(frame: .zero, pictureAspect: 1.5) == .zero)
        // The fitted picture then fills that card exactly.
        #expect(PictureFitting.rect(pictureAspect: 2.0 / 3, cardAspect: portrait.width / portrait.height, mode: .fit) == .unit)
    }

    @Test("pages fills its tabs; photos are fitted in the other layouts")
    func modePerLayout() {
        #expect(PictureFitMode(layout: .pages) == .fill)
        for kind in [LayoutKind.tasks, .slidebox, .grid, .wheel] { #expect(PictureFitMode(layout: kind) == .fit) }
    }

    @Test("a folder's photos are fitted in every registered layout; generated art follows the layout")
    func photosFitEverywhere() {
        for descriptor in LayoutRegistry.builtIn {
            let kind = descriptor.kind
            #expect(PictureFitMode(layout: kind, photos: true) == .fit, "\(descriptor.name)")
            #expect(PictureFitMode(layout: kind, photos: false) == PictureFitMode(layout: kind))
        }
    }

    @Test("a picture stored at a layer's top-left is sampled through the layer scale")
    func layerScale() {
        let scale = PictureFitting.layerScale(pictureSize: PixelSize(width: 320, height: 240),
                                              layerSize: PixelSize(width: 320, height: 320))
        #expect(scale.u == 1 && closeEnough(scale.v, 0.75))
        #expect(PictureFitting.layerScale(pictureSize: PixelSize(width: 0, height: 0),
                                          layerSize: PixelSize(width: 320, height: 320)) == (1, 1))
    }
}
