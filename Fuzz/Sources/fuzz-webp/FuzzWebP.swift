import FuzzMain
import FuzzPictureHarness

/// One libFuzzer input: WebP bytes (libwebp: scaling while decoding, alpha, an animation's first frame, the EXIF and ICCP chunks). Checked as every picture format is (`PictureFuzzing.run`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    PictureFuzzing.run(data, count, name: "fuzz.webp", limits: .mostlySmall)
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_webp_main`): libFuzzer's driver.
@_cdecl("fuzz_webp_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzWebP($0, $1) }
}
