import FuzzMain
import FuzzPictureHarness

/// One libFuzzer input: HEIF (HEIC, AVIF) bytes: libheif's box parser, the thumbnail choice, the HEVC (libde265) and AV1
/// (dav1d) decoders, the RGBA conversion, irot/imir and the reduction. Checked as every picture format is (`PictureFuzzing.run`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    PictureFuzzing.run(data, count, name: "fuzz.heic", limits: .workingMemory64MB)
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_heif_main`): libFuzzer's driver.
@_cdecl("fuzz_heif_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzHEIF($0, $1) }
}
