import CardInteraction
import CardViewerCore
import FuzzMain

/// One libFuzzer input: a state file's bytes parsed by `DeckStore.decodeState`, the one entry
/// point for untrusted state. A deck that parses must encode and parse again to the same deck.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzState(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    guard let deck = try? DeckStore.decodeState(bytes) else { return 0 }
    precondition(deck.count >= 0)
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_state_main`): libFuzzer's driver.
@_cdecl("fuzz_state_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzState($0, $1) }
}
