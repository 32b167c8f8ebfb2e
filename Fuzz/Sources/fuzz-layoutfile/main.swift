import CardLayout
import CardLayoutFiles
import CardMath
import FuzzMain

/// The built-in layouts a file may name as its base; one registry for every input.
let registry = LayoutRegistry(LayoutRegistry.builtIn)

/// One libFuzzer input: a layout file parsed by `LayoutFile` (only `LayoutFileError` can come
/// out: its throws are typed). A file that parses is laid out at a few scroll positions,
/// viewports and deck sizes: every attribute the layout returns must be finite (a NaN or ±∞
/// hides the card, never reaches a buffer) and the visible cards in index order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutFile(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    guard let file = try? LayoutFile(bytes: bytes, file: "fuzz.json", registry: registry, warn: { _ in }) else { return 0 }
    let layout = file.descriptor.makeLayout()
    for (cards, along, width) in [(0, 0.0, 800.0), (1, 0, 1), (30, 1234.5, 1280), (5_000_000, -1e9, 8192), (7, 1e300, 320)] {
        let context = LayoutContext(viewport: Size(width: width, height: 800), cardCount: cards,
                                    offset: layout.scrollAxis == .vertical ? Vec2(0, along) : Vec2(along, 0))
        let visible = layout.visibleAttributes(in: context)
        precondition(visible.count <= LayoutFileLimits.maximumCandidates * 2, "too many cards")
        for (k, card) in visible.enumerated() {
            precondition(card.isFinite, "a non-finite attribute left the layout")
            precondition(k == 0 || visible[k - 1].index < card.index, "cards out of index order")
        }
        if cards > 0 {
            precondition(layout.attributes(at: cards - 1, in: context).isFinite)
        }
        _ = layout.contentSize(viewport: context.viewport, cardCount: cards)
        _ = layout.targetOffset(for: ScrollRelease(current: context.offset, proposed: context.offset, velocity: Vec2(3, 3)), in: context)
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_layoutfile_main`): libFuzzer's driver.
@_cdecl("fuzz_layoutfile_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzLayoutFile($0, $1) }
}
