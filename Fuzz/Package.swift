// swift-tools-version:6.0
// libFuzzer targets for every parser of untrusted bytes in CardViewer, kept out of the main
// package so that `swift build --build-tests` never needs the fuzzer runtime. Built and run by
// `make fuzz` (scripts/fuzz.sh):
//   swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
// Each fuzz-* executable defines LLVMFuzzerTestOneInput; libFuzzer supplies main().
import PackageDescription

let fuzzer: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "CardViewerFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "CardViewer", path: "..")],
    targets: [
        // Hands each target's entry point to libFuzzer's driver (see FuzzMain.h).
        .target(name: "FuzzMain"),
        // The check the picture-format targets share: probe and decode through PictureDecoder.
        .target(
            name: "FuzzPictureHarness",
            dependencies: [
                .product(name: "CardPictureDecoding", package: "CardViewer"), .product(name: "CardMath", package: "CardViewer"),
            ]
        ),
        // The PNG decoder as the project calls it: chunk validation, then libpng.
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzMain", .product(name: "CardImaging", package: "CardViewer")],
                          swiftSettings: fuzzer),
        // JPEG (and PNG) through PictureDecoder: marker scan, EXIF orientation, TurboJPEG, downscaling.
        .executableTarget(
            name: "fuzz-picture",
            dependencies: [
                "FuzzMain", .product(name: "CardPictureDecoding", package: "CardViewer"),
                .product(name: "CardMath", package: "CardViewer"),
            ],
            swiftSettings: fuzzer
        ),
        // HEIF (HEIC, AVIF) through PictureDecoder: libheif, libde265, dav1d.
        .executableTarget(
            name: "fuzz-heif",
            dependencies: ["FuzzMain", "FuzzPictureHarness"],
            swiftSettings: fuzzer
        ),
        // Camera RAW through PictureDecoder: LibRaw's parsers, the embedded preview, the half-size decode.
        .executableTarget(
            name: "fuzz-raw",
            dependencies: ["FuzzMain", "FuzzPictureHarness"],
            swiftSettings: fuzzer
        ),
        // WebP, TIFF and GIF through PictureDecoder: libwebp (scaling, alpha, animation, EXIF and
        // ICCP chunks), libtiff over client I/O (strips, tiles, orientation), giflib's first frame.
        .executableTarget(
            name: "fuzz-webp",
            dependencies: ["FuzzMain", "FuzzPictureHarness"],
            swiftSettings: fuzzer
        ),
        .executableTarget(
            name: "fuzz-tiff",
            dependencies: ["FuzzMain", "FuzzPictureHarness"],
            swiftSettings: fuzzer
        ),
        .executableTarget(
            name: "fuzz-gif",
            dependencies: ["FuzzMain", "FuzzPictureHarness"],
            swiftSettings: fuzzer
        ),
        // Thumbnail metadata: PNG chunk structure and tEXt keys, validity against a file stamp.
        .executableTarget(name: "fuzz-thumbnail", dependencies: ["FuzzMain", .product(name: "CardThumbnails", package: "CardViewer")],
                          swiftSettings: fuzzer),
        // The deck's state file.
        .executableTarget(
            name: "fuzz-state",
            dependencies: ["FuzzMain", .product(name: "CardViewerCore", package: "CardViewer"), .product(name: "CardInteraction", package: "CardViewer")],
                          swiftSettings: fuzzer),
        // Replay scripts.
        .executableTarget(name: "fuzz-replay", dependencies: ["FuzzMain", .product(name: "CardViewerCore", package: "CardViewer")],
                          swiftSettings: fuzzer),
        // Layout files (SPEC §9): the JSON reader, the expression parser and compiler, and the
        // layout made from what parses, laid out at hostile offsets, counts and viewports.
        .executableTarget(
            name: "fuzz-layoutfile",
            dependencies: [
                "FuzzMain", .product(name: "CardLayoutFiles", package: "CardViewer"),
                .product(name: "CardLayout", package: "CardViewer"), .product(name: "CardMath", package: "CardViewer"),
            ],
            swiftSettings: fuzzer
        ),
        // Culling marks in XMP (CardSidecars): the bytes as a sidecar and as a picture carrying an
        // embedded packet (JPEG, PNG, WebP, TIFF walks, the scan), and the write path read back.
        .executableTarget(
            name: "fuzz-xmp",
            dependencies: [
                "FuzzMain", .product(name: "CardSidecars", package: "CardViewer"),
                .product(name: "CardCulling", package: "CardViewer"),
            ],
            swiftSettings: fuzzer
        ),
        // Writes the seed corpus with the project's own writers (not a fuzzer; no sanitizer needed).
        .executableTarget(
            name: "fuzz-seeds",
            dependencies: [
                .product(name: "CardImaging", package: "CardViewer"),
                .product(name: "CardMath", package: "CardViewer"),
                .product(name: "CardPictureDecoding", package: "CardViewer"),
                .product(name: "CardPixels", package: "CardViewer"),
                .product(name: "CardThumbnails", package: "CardViewer"),
                .product(name: "CardViewerCore", package: "CardViewer"),
                .product(name: "CardInteraction", package: "CardViewer"),
                .product(name: "CardFormatSamples", package: "CardViewer"),
            ]
        ),
    ]
)
