import CardLayout
import CardMath
import CardRendering
import Testing
@testable import CardCompare
import CardRenderingTestSupport

/// The coplanar scenes (SPEC §8): the depth buffer ordered by `depthBias` agrees with the exact
/// reference on every counted pixel, at the size the documentation's figures use.
@Suite("Coplanar scenes against the exact reference", .serialized)
struct CoplanarSceneTests {
    static let pixels = PixelSize(width: 640, height: 400)
    static let scenes: [SceneKind] = [.coplanarFan, .coplanarRow, .coplanarStack, .coplanarTranslucent]

    @Test("depth: 0.00 % wrong", arguments: scenes)
    func exact(kind: SceneKind) throws {
        let comparer = try SceneComparer(pixels: Self.pixels)
        let scene = kind.scene(viewport: SceneKind.viewport(for: Self.pixels))
        let comparison = try comparer.compare(scene)
        let depth = try #require(comparison.result("depth"))
        #expect(depth.difference.wrongPixels == 0, "\(kind.rawValue): \(depth.difference.wrongPixels) wrong")
        #expect(comparison.mask.countedCount >= comparison.pixels * 8 / 10)
    }

    @Test("without the bias the same scenes are wrong: the reference and the depth test both follow it")
    func biasMatters() throws {
        let comparer = try SceneComparer(pixels: Self.pixels)
        for kind in [SceneKind.coplanarRow, .coplanarStack] {
            let scene = kind.scene(viewport: SceneKind.viewport(for: Self.pixels))
            var plain = scene
            plain.cards = scene.cards.map { var c = $0; c.depthBias = 0; return c }
            // The GPU's frame without the bias against the reference with it.
            let frame = try comparer.compare(plain)
            let reference = ExactReference.render(scene, pixels: Self.pixels)
            let depth = try #require(frame.result("depth"))
            let difference = ImageDifference(depth.image, reference: reference, mask: ExclusionMask(reference))
            #expect(difference.wrongFraction > 0.01, "\(kind.rawValue): \(difference.wrongFraction)")
        }
    }

    @Test("the catalogue's layout scenes: every registered one 0.00 % wrong; unregistered ones left out")
    func layoutScenes() throws {
        let comparer = try SceneComparer(pixels: Self.pixels)
        let viewport = SceneKind.viewport(for: Self.pixels)
        let available = RestingLayoutScene.available()
        for entry in RestingLayoutScene.catalog {
            let scene = try entry.scene(viewport: viewport)
            #expect((scene != nil) == available.contains(entry))
            guard let scene else { continue }
            #expect(scene.name == entry.name)
            let depth = try #require(try comparer.compare(scene).result("depth"))
            #expect(depth.difference.wrongPixels == 0, "\(entry.name): \(depth.difference.wrongPixels) wrong")
        }
        // A layout registered at run time would be found; an empty registry finds none.
        #expect(RestingLayoutScene.available(in: LayoutRegistry([])).isEmpty)
        #expect(try RestingLayoutScene.catalog[0].scene(viewport: viewport, registry: LayoutRegistry([])) == nil)
    }
}
