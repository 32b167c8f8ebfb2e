import CardLayout
import CardMath
import CardRendering
import Testing
@testable import CardCompare
import CardRenderingTestSupport

/// Every scene drawn on the GPU in each ordering against the exact reference: the issue's
/// "done when", asserted at a small size.
@Suite("zindex vs depth against the exact reference", .serialized)
struct SceneComparisonTests {
    static let small = PixelSize(width: 320, height: 200)
    /// Scenes whose cards really intersect (or overlap out of zIndex order: the coplanar row's
    /// cards right of the centre are in front by bias, behind by zIndex).
    static let intersecting: Set<SceneKind> = [.pagesSteep, .pagesCrossing, .intersect, .translucent, .translucentMany,
                                               .coplanarRow, .coplanarTranslucent]

    @Test("depth ≤ 0.1 % wrong; zindex > 1 % wrong exactly where cards intersect, and always Core Animation's answer",
          arguments: SceneKind.allCases.filter { $0 != .translucentMany })
    func scene(kind: SceneKind) throws {
        let comparer = try SceneComparer(pixels: Self.small)
        let scene = kind.scene(viewport: SceneKind.viewport(for: Self.small))
        let comparison = try comparer.compare(scene)
        let depth = try #require(comparison.result("depth")), zindex = try #require(comparison.result("zindex"))
        // The mask leaves most of the image counted: the numbers mean something.
        #expect(comparison.mask.countedCount >= comparison.pixels * 8 / 10, "\(comparison.mask.countedCount) counted")
        #expect(comparison.reference.cardCount >= 3)
        #expect(depth.difference.wrongFraction <= 0.001, "depth: \(depth.difference.wrongPixels) wrong")
        if Self.intersecting.contains(kind) {
            #expect(zindex.difference.wrongFraction > 0.01, "zindex: \(zindex.difference.wrongFraction)")
        } else {
            #expect(zindex.difference.wrongFraction <= 0.001, "zindex: \(zindex.difference.wrongFraction)")
        }
        // zindex draws what Core Animation's painter's algorithm would: the painter reference.
        let painter = ExactReference.render(scene, pixels: Self.small, visibility: .painter)
        let painted = ImageDifference(zindex.image, reference: painter, mask: ExclusionMask(painter))
        #expect(painted.wrongFraction <= 0.001, "zindex vs painter: \(painted.wrongPixels) wrong")
        // Without translucent cards, sorting has nothing to sort: both depth paths agree.
        if scene.translucentCount == 0 {
            #expect(comparison.result("depth-sorted")?.difference.wrongFraction ?? 1 <= 0.001)
            #expect(depth.stats.peeledLayers == 0 && depth.stats.drawCalls == 1)
        }
    }

    @Test("translucent: sorting whole cards is not enough (> 1 % wrong); peeling is exact and peels several layers")
    func translucentNeedsPeeling() throws {
        let comparer = try SceneComparer(pixels: Self.small)
        let comparison = try comparer.compare(SceneKind.translucent.scene(viewport: SceneKind.viewport(for: Self.small)))
        let sorted = try #require(comparison.result("depth-sorted")), depth = try #require(comparison.result("depth"))
        #expect(sorted.difference.wrongFraction > 0.01)
        #expect(depth.difference.wrongFraction <= 0.001)
        #expect(depth.difference.maxChannelError <= 2)
        #expect(depth.stats.peeledLayers >= 3)
    }

    @Test("10,000 intersecting translucent cards (1280 × 800, where they are big enough to count): peeling exact, sorting and zindex not")
    func tenThousandCards() throws {
        let pixels = PixelSize(width: 1280, height: 800)
        let comparer = try SceneComparer(pixels: pixels)
        let comparison = try comparer.compare(SceneKind.translucentMany.scene(viewport: SceneKind.viewport(for: pixels)))
        #expect(comparison.reference.cardCount == 10_000)
        #expect(comparison.mask.countedCount > 50_000)
        #expect(try #require(comparison.result("depth")).difference.wrongFraction <= 0.001)
        #expect(try #require(comparison.result("depth-sorted")).difference.wrongFraction > 0.01)
        #expect(try #require(comparison.result("zindex")).difference.wrongFraction > 0.01)
        #expect(try #require(comparison.result("depth")).stats.peeledLayers >= 3)
    }
}
