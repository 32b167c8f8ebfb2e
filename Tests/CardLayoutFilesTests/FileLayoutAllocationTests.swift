import CMallocCounter
import CardLayout
import CardLayoutFiles
import CardMath
import Foundation
import Testing

/// Laying out a warm frame of a file layout allocates nothing but the output's growth: the
/// registers and the stack live on the thread's stack (counted by CMallocCounter).
@Suite(.serialized, .enabled(if: cv_malloc_counting() == 1, "allocations are counted on Linux with glibc only"))
struct FileLayoutAllocationTests {
    @Test func warmFramesAllocateNothing() throws {
        for url in ExampleFiles.all {
            let file = try LayoutFile(bytes: Array(try Data(contentsOf: url)), file: url.lastPathComponent,
                                      registry: LayoutRegistry(LayoutRegistry.builtIn), warn: { _ in })
            let layout = file.descriptor.makeLayout()
            var out: [CardAttributes] = []
            out.reserveCapacity(LayoutFileLimits.maximumCandidates)
            func frame(_ k: Int) {
                out.removeAll(keepingCapacity: true)
                let along = Double(k) * 37.5
                let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 1000,
                                            offset: layout.scrollAxis == .vertical ? Vec2(0, along) : Vec2(along, 0))
                layout.layoutVisible(in: context, into: &out)
                _ = layout.attributes(at: k % 1000, in: context)
                _ = layout.candidateRange(in: context)
            }
            frame(0)
            let before = cv_malloc_thread_count()
            for k in 1...50 { frame(k) }
            #expect(cv_malloc_thread_count() - before == 0, "\(url.lastPathComponent)")
        }
    }
}
