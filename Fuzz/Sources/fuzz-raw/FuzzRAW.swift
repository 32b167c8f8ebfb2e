import FuzzMain
import FuzzPictureHarness

/// One libFuzzer input: camera RAW bytes (named .dng; LibRaw tells the maker by the content): LibRaw's
/// parsers, the embedded preview (JPEG through TurboJPEG, or a bitmap), the half-size raw decode within the caps. Checked as every picture format is (`PictureFuzzing.run`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRAW(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    PictureFuzzing.run(data, count, name: "fuzz.dng", limits: .workingMemory64MB)
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_raw_main`): libFuzzer's driver.
@_cdecl("fuzz_raw_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzRAW($0, $1) }
}
