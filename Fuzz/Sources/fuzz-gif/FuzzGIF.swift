import FuzzMain
import FuzzPictureHarness

/// One libFuzzer input: GIF bytes (giflib: the first frame, transparency, interlacing, canvas bounds). Checked as every picture format is (`PictureFuzzing.run`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    PictureFuzzing.run(data, count, name: "fuzz.gif", limits: .mostlySmall)
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_gif_main`): libFuzzer's driver.
@_cdecl("fuzz_gif_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzGIF($0, $1) }
}
