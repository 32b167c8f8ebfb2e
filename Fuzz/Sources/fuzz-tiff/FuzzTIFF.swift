import FuzzMain
import FuzzPictureHarness

/// One libFuzzer input: TIFF bytes (libtiff through client I/O: strips, tiles, every photometric, Orientation, ICC). Checked as every picture format is (`PictureFuzzing.run`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    PictureFuzzing.run(data, count, name: "fuzz.tif", limits: .mostlySmall)
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_tiff_main`): libFuzzer's driver.
@_cdecl("fuzz_tiff_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzTIFF($0, $1) }
}
