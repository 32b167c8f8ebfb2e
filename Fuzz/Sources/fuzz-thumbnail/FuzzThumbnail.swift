import CardThumbnails
import FuzzMain

/// One libFuzzer input: a thumbnail file's bytes read as the cache reads them — chunk
/// structure, tEXt keys, validity against a file stamp, the chunks written back re-read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThumbnail(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    guard let metadata = try? ThumbnailMetadata(png: bytes, name: "fuzz.png") else { return 0 }
    _ = metadata.matches(uri: "file:///tmp/a.jpg", stamp: FileStamp(modificationTime: 1_700_000_000, size: 1234))
    // What the cache would write for this metadata reads back the same.
    let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                           0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
    let rewritten = header + metadata.textChunks.joined()
    if let again = try? ThumbnailMetadata(png: rewritten) {
        precondition(again.modificationTime == metadata.modificationTime && again.fileSize == metadata.fileSize)
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_thumbnail_main`): libFuzzer's driver.
@_cdecl("fuzz_thumbnail_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzThumbnail($0, $1) }
}
