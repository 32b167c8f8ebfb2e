// swift-tools-version:6.0
// CardViewer: five iOS card layouts in true 3D on OpenGL. See README.md and ARCHITECTURE notes in it.
import PackageDescription

/// Pixel loops (decoding, downscaling, mip chains, PNG and thumbnail writing, glyphs) run 20–40×
/// slower unoptimised, and the tests decode pictures through the viewer (a debug build), so the
/// targets that hold them are optimised in debug builds too.
let pixelLoops: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "CardViewer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cardviewer", targets: ["cardviewer"]),
        .library(name: "CardMath", targets: ["CardMath"]),
        .library(name: "CardFiles", targets: ["CardFiles"]),
        .library(name: "CardLayout", targets: ["CardLayout"]),
        .library(name: "CardJSON", targets: ["CardJSON"]),
        .library(name: "CardLayoutFiles", targets: ["CardLayoutFiles"]),
        .library(name: "CardLayoutFileLoading", targets: ["CardLayoutFileLoading"]),
        .library(name: "CardPacking", targets: ["CardPacking"]),
        .library(name: "CardRendering", targets: ["CardRendering"]),
        .library(name: "CardEvents", targets: ["CardEvents"]),
        .library(name: "CardInteraction", targets: ["CardInteraction"]),
        .library(name: "CardBenchmark", targets: ["CardBenchmark"]),
        .library(name: "CardViewerCore", targets: ["CardViewerCore"]),
        .library(name: "CardPixels", targets: ["CardPixels"]),
        .library(name: "CardImaging", targets: ["CardImaging"]),
        .library(name: "CardPictureFolders", targets: ["CardPictureFolders"]),
        .library(name: "CardPictureDecoding", targets: ["CardPictureDecoding"]),
        .library(name: "CardThumbnails", targets: ["CardThumbnails"]),
        .library(name: "CardPictures", targets: ["CardPictures"]),
        .library(name: "CardPictureLoading", targets: ["CardPictureLoading"]),
        .library(name: "CardText", targets: ["CardText"]),
        .library(name: "CardViewerFrame", targets: ["CardViewerFrame"]),
        .library(name: "CardCulling", targets: ["CardCulling"]),
        .library(name: "CardSidecars", targets: ["CardSidecars"]),
        .library(name: "CardFormatSamples", targets: ["CardFormatSamples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // C at the edges: system libraries found through pkg-config.
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev", "libegl-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CExempi", pkgConfig: "exempi-2.0", providers: [.apt(["libexempi-dev"])]),
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // HEVC decoded directly (a single image's coded bytes, found by our own parser of the
        // file's boxes): libheif's own HEVC decoder, without libheif's copy of its planes.
        .systemLibrary(name: "CDe265", pkgConfig: "libde265", providers: [.apt(["libde265-dev"])]),
        .systemLibrary(name: "CRaw", pkgConfig: "libraw_r", providers: [.apt(["libraw-dev"])]),
        // WebP, TIFF and GIF pictures (SPEC §10 "Formats"): libwebp (+ its demuxer for the ICCP
        // and EXIF chunks, + libwebpmux's animation encoder for `record`: the modulemap links it,
        // from the same libwebp-dev), libtiff through client I/O, giflib (no .pc file: the
        // modulemap links it).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),

        // The one file layer: safe open (regular files only, non-blocking), capped reads, atomic
        // writes, exclusive new files, folder listing. Every file the viewer reads or writes goes
        // through it; the C library's file calls appear nowhere else.
        .target(name: "CardFiles"),

        // Pure Swift in the middle: no C module, no files, no GL.
        .target(name: "CardMath", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(
            name: "CardLayout",
            dependencies: [
                "CardMath", .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        // Culling marks (SPEC §10): stars, pick and reject, the `V` filter, and the store they are
        // kept in (XMP sidecars at the edge, CardSidecars). Pure, no dependencies.
        .target(name: "CardCulling"),
        // Culling marks in XMP at the edge (SPEC §10): sidecars `NAME.EXT.xmp`/`NAME.xmp` and XMP
        // embedded in pictures read, sidecars written atomically, through Exempi (in memory only;
        // files through CardFiles). docs/formats/xmp-sidecars.md.
        .target(name: "CardSidecars", dependencies: ["CardFiles", "CardCulling", "CExempi", "CExempiQuiet"]),
        // Exempi writes every failure it catches to C++'s std::cerr; CardSidecars turns that stream
        // off around its calls (a C++ shim: Swift cannot reach std::cerr).
        .target(name: "CExempiQuiet"),
        // A pull parser over JSON bytes that names the line and column of what it refuses: the
        // state, replay scripts and layout files read through it. Pure, no dependencies.
        .target(name: "CardJSON"),
        // Layout files (SPEC §9): the expression language (lexer, parser, printer, compiler to a
        // flat program), the file format and `FileLayout`, a `CardLayout` made from a file's bytes.
        // Pure: bytes in, layouts out; reading and watching files is CardLayoutFileLoading's.
        .target(
            name: "CardLayoutFiles",
            dependencies: ["CardJSON", "CardLayout", "CardMath", .product(name: "RealModule", package: "swift-numerics")],
            // The per-card interpreter runs in every frame of a file layout, the tests' included;
            // unoptimised, its scratch registers also come from the heap instead of the stack.
            swiftSettings: pixelLoops
        ),
        // Layout files at the edge: read through the file layer (capped, regular files only),
        // registered as layouts, and their folder watched (inotify) for the window's live reload.
        .target(name: "CardLayoutFileLoading", dependencies: ["CardFiles", "CardLayout", "CardLayoutFiles"]),
        // Plain input events (pointer, scroll, key, resize, close, redraw) as windows and replay
        // scripts deliver them: no window-system types.
        .target(name: "CardEvents", dependencies: ["CardMath"]),
        // Behaviour: scroll physics, gestures over plain events, animator, deck model, hit-testing.
        .target(
            name: "CardInteraction",
            dependencies: [
                "CardMath", "CardLayout", .product(name: "RealModule", package: "swift-numerics"), "CardEvents",
            ]
        ),

        // Which pictures live in the texture layers (LRU pool), what to decode next, where a
        // picture sits in its card and at what size: pure, for the frame thread.
        .target(name: "CardPictures", dependencies: ["CardMath", "CardLayout"]),
        // Worker threads that run decode closures in priority order (Foundation, no GL, no files).
        .target(name: "CardPictureLoading"),
        // Titles in any script: FreeType glyphs, fonts and fallbacks found through fontconfig.
        .target(name: "CardText", dependencies: ["CFreeType", "CFontconfig"], swiftSettings: pixelLoops),

        // Pixels in memory: RGBA images, resizing, compositing, mip chains, the bitmap font and
        // titles drawn with it, natural name order. Pure Swift, no C module, no files.
        .target(name: "CardPixels", swiftSettings: pixelLoops),
        // Picture folders listed (which files, in natural name order, sizes and dates), through
        // the file layer; nothing decoded, so no C codec comes with them.
        .target(name: "CardPictureFolders", dependencies: ["CardFiles"]),
        // libpng's classic reader behind setjmp (which Swift cannot call): a PNG streamed a row
        // at a time. Includes <png.h> and links libpng itself (a C target imports no module).
        .target(name: "CPNGRows", linkerSettings: [.linkedLibrary("png16")]),
        // libjpeg's API behind setjmp: one rectangle of a JPEG at a DCT scale, decoded without the
        // rest (jpeg_crop_scanline, jpeg_skip_scanlines). Includes <jpeglib.h>, links libjpeg.
        .target(name: "CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),
        // Images at the edge: PNG in and out through libpng and libdeflate; animations out (and
        // back, for the tests) as animated WebP (libwebpmux) and GIF (giflib) for `record`.
        .target(
            name: "CardImaging",
            dependencies: [
                "CardFiles", "CardPixels", "CPNG", "CDeflate", "CPNGRows", "CZlib", "CWebP", "CGIF",
            ],
            swiftSettings: pixelLoops
        ),
        // Picture files at the edge: PNG (hardened CardImaging codec), JPEG (TurboJPEG, DCT
        // scaling, EXIF orientation), HEIC/AVIF (libheif) and camera RAW previews (LibRaw)
        // decoded at about the size needed, a fast area downscaler, header probes. Thread-safe
        // entry points for the loader's workers.
        .target(
            name: "CardPictureDecoding",
            dependencies: [
                "CardFiles", "CardImaging", "CTurboJPEG", "CLCMS2", "CardMath", "CardPixels", "CHeif", "CDe265", "CRaw", "CWebP", "CTIFF", "CGIF",
                "CardPictureFolders", "CJPEGRegion",
            ],
            swiftSettings: pixelLoops
        ),
        // The freedesktop.org thumbnail cache (~/.cache/thumbnails): lookup, atomic writes,
        // failure records; shared with GNOME/KDE. Writes only under the cache root.
        .target(
            name: "CardThumbnails",
            dependencies: [
                "CardFiles", "CardImaging", "CardPictureDecoding", "CardPixels", "CardMath",
            ],
            swiftSettings: pixelLoops
        ),
        // The bundled default deck's PNGs (written by `make-deck`), as resources.
        .target(name: "CardAssets", path: "Assets", resources: [.copy("Deck")]),
        // The painter of the bundled deck: a maintainers' tool, not linked by the viewer.
        .target(name: "CardDeckArt", dependencies: ["CardPixels"]),
        .executableTarget(
            name: "make-deck",
            dependencies: [
                "CardDeckArt", "CardImaging", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Packing: layout attributes in, fixed-stride instance records and draw passes out. Pure, no GL.
        .target(name: "CardPacking", dependencies: ["CardMath", "CardLayout"]),

        // GPU rendering: the only place that calls GL (through libepoxy); GLSL sources in Shaders/.
        .target(
            name: "CardShaders", path: "Shaders",
            resources: [
                .copy("card.vert"), .copy("card.frag"), .copy("fullscreen.vert"), .copy("composite.frag"),
                .copy("text.vert"), .copy("text.frag"), .copy("quad.vert"), .copy("floor.frag"),
            ]
        ),
        .target(
            name: "CardRendering",
            dependencies: ["CEpoxy", "CardMath", "CardPacking", "CardShaders", "CardPixels"]
        ),
        // zIndex vs depth buffer: named scenes, the exact CPU reference, the GPU comparison.
        .target(
            name: "CardCompare",
            dependencies: ["CardMath", "CardLayout", "CardInteraction", "CardPacking", "CardRendering", "CardPixels", "CardJSON"]
        ),
        // Counts heap allocations (C at the edge: interposes malloc on Linux/glibc).
        .target(name: "CMallocCounter"),
        // The timing module: the scrolling benchmark behind `cardviewer bench`, and the photo
        // folder benchmark (`bench --images`) through the viewer's picture pipeline.
        .target(
            name: "CardBenchmark",
            dependencies: [
                "CMallocCounter", "CardMath", "CardLayout", "CardPacking", "CardRendering",
                "CardInteraction", "CardViewerCore", "CardViewerFrame", "CardPictures",
                "CardPictureDecoding", "CardThumbnails",
                .product(name: "RealModule", package: "swift-numerics"),
                "CardPixels",
                "CardEvents",
                "CardPictureFolders",
            ]
        ),
        // Windows and input through GLFW: a GL context to draw into, events for the app. Knows no renderer.
        .target(name: "CardWindow", dependencies: ["CGLFW", "CardMath", "CardEvents"]),

        // The interactive viewer without a window: session, per-layout controllers, deck files,
        // replay scripts. Foundation, no GL, no GLFW.
        .target(
            name: "CardViewerCore",
            dependencies: [
                "CardFiles", "CardMath", "CardLayout", "CardInteraction", "CardPacking", "CardAssets", "CardEvents",
                "CardPictureFolders", "CardJSON", "CardPixels", "CardCulling",
            ]
        ),
        // The viewer's frame and its assembly: a session laid out, packed (the bulk writers at
        // rest), decorated by the picture pipeline (deck → demand → workers: decode, thumbnail
        // cache, titles → uploads into the renderer's pools) and drawn; `ViewerBuilder`, the one
        // place a viewer is put together for a window, `render`, replays and the benchmarks.
        .target(
            name: "CardViewerFrame",
            dependencies: [
                "CardViewerCore", "CardPictures", "CardPictureLoading", "CardPictureDecoding", "CardThumbnails", "CardText",
                "CardRendering", "CardPacking", "CardMath", "CardLayout", "CardInteraction",
                "CardPixels", "CardPictureFolders", "CardCulling", "CardSidecars",
            ]
        ),
        // The viewer's glue: a session drawn by the renderer into a window or offscreen, fed by
        // GLFW's events or a replay script.
        .target(
            name: "CardViewerApp",
            dependencies: [
                "CardFiles", "CardViewerCore", "CardViewerFrame", "CardPacking", "CardRendering", "CardWindow", "CardImaging",
                "CardLayout", "CardMath", "CMallocCounter",
                "CardPixels", "CardLayoutFileLoading", "CardThumbnails", "CardPictureFolders", "CardCulling", "CardInteraction",
            ]
        ),

        .executableTarget(
            name: "cardviewer",
            dependencies: [
                "CardCulling", "CardFiles", "CardMath", "CardLayout", "CardImaging", "CardAssets", "CardPacking", "CardRendering", "CardCompare",
                "CardBenchmark", "CardViewerCore", "CardViewerApp", "CardViewerFrame", "CardThumbnails", "CardPictureDecoding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "CardPixels", "CardLayoutFileLoading", "CardPictureFolders", "CardSidecars", "CardJSON",
            ]
        ),

        // Development tool: decodes, probes and times picture files as the viewer's loader does
        // (measurements outside the viewer; the peak-memory tests run it as a child process).
        .executableTarget(
            name: "picture-tool",
            dependencies: [
                "CardPictureDecoding", "CardImaging", "CardThumbnails", "CardPixels", "CardMath",
                // `make-hostile`: the hostile-picture cases the tests use, for measurements by hand;
                // `make-heic`: HEIC grids as phones write them (the tests' encoder).
                "CardTestSupport", "CardFormatSamples",
            ]
        ),

        // Development tool: a layout file's per-card cost against the same layout in Swift
        // (swift build -c release --product layout-file-cost; docs/LAYOUT-FILES.md has the figures).
        .executableTarget(
            name: "layout-file-cost",
            dependencies: ["CardFiles", "CardLayout", "CardLayoutFiles", "CardMath", .product(name: "RealModule", package: "swift-numerics")]
        ),

        // Tests: one target per library, plus a shared support target with tolerance helpers.
        // The rendering and comparison tests' one-call frame and picture upload.
        .target(
            name: "CardRenderingTestSupport",
            dependencies: ["CardMath", "CardPacking", "CardPixels", "CardRendering"],
            path: "Tests/CardRenderingTestSupport"
        ),
        // The suites' shared scaffolding: tolerances, hostile picture files, and the one child-process
        // runner (`ChildProcess`), temporary folder (`TemporaryFolder`) and real-window driver
        // (`WindowDriver`) every suite uses.
        .target(name: "CardTestSupport", dependencies: ["CardMath", "CardFiles"], path: "Tests/CardTestSupport"),
        // HEIC/AVIF samples made with libheif's own encoders and minimal DNGs written byte by
        // byte, for the tests and the fuzz seeds (a product so that Fuzz/ can use it).
        .target(name: "CardFormatSamples", dependencies: ["CHeif", "CTurboJPEG", "CardPixels"], path: "Tests/CardFormatSamples"),
        .testTarget(name: "CardMathTests", dependencies: ["CardMath", "CardTestSupport"]),
        .testTarget(name: "CardFilesTests", dependencies: ["CardFiles", "CardTestSupport"]),
        .testTarget(name: "CardPixelsTests", dependencies: ["CardPixels", "CardTestSupport"]),
        .testTarget(name: "CardPictureFoldersTests", dependencies: ["CardPictureFolders", "CardFiles", "CardTestSupport"]),
        .testTarget(
            name: "CardImagingTests",
            dependencies: [
                "CardImaging", "CardDeckArt", "CardAssets", "CardTestSupport", "CardPixels",
            ]
        ),
        .testTarget(
            name: "CardPictureDecodingTests",
            dependencies: [
                "CardPictureDecoding", "CardImaging", "CTurboJPEG", "CardTestSupport", "CardPixels", "CardMath", "CardFormatSamples",
                "CLCMS2", "CDeflate", "CardPictureFolders",
            ]
        ),
        .testTarget(
            name: "CardThumbnailsTests",
            dependencies: ["CardThumbnails", "CardPictureDecoding", "CardImaging", "CardPixels", "CardMath", "CardTestSupport"]
        ),
        .testTarget(
            name: "CardLayoutTests",
            dependencies: [
                "CardLayout", "CardTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                "CardMath",
            ]
        ),
        .testTarget(
            name: "CardPackingTests",
            dependencies: ["CardPacking", "CardLayout", "CardMath", "CardTestSupport"]
        ),
        .testTarget(
            name: "CardRenderingTests",
            dependencies: [
                "CardRendering", "CardPacking", "CardLayout", "CardMath", "CardImaging", "CardTestSupport",
                "CardPixels", "CardRenderingTestSupport",
            ]
        ),
        // End-to-end: runs the built `cardviewer` executable (build it first: swift build --build-tests).
        .testTarget(
            name: "CardViewerTests",
            dependencies: [
                "CardFiles", "CardImaging", "CardViewerCore", "CardViewerApp", "CardPacking", "CardRendering", "CardWindow", "CardLayout",
                "CardInteraction", "CardMath", "CardPictureDecoding", "CardThumbnails", "CardViewerFrame", "CardPictures",
                "CardEvents", "CardPixels", "CardTestSupport", "CardLayoutFileLoading", "CMallocCounter", "CardFormatSamples",
                "CardPictureFolders", "CardCulling", "CardSidecars", "CardText",
            ]
        ),
        .testTarget(
            name: "CardViewerCoreTests",
            dependencies: [
                "CardViewerCore", "CardFiles", "CardInteraction", "CardLayout", "CardMath", "CardImaging",
                "CardTestSupport", "CMallocCounter", "CardPacking", "CardPixels",
                "CardEvents", "CardJSON", "CardLayoutFiles", "CardCulling", "CardPictureFolders",
            ]
        ),
        .testTarget(
            name: "CardBenchmarkTests",
            dependencies: ["CardBenchmark", "CardPacking", "CardLayout", "CardMath",
                           "CardInteraction", "CardViewerCore", "CardPixels", "CardEvents"]
        ),
        .testTarget(
            name: "CardPicturesTests",
            dependencies: ["CardPictures", "CardLayout", "CardMath", "CardTestSupport", "CMallocCounter"]
        ),
        .testTarget(name: "CardPictureLoadingTests", dependencies: ["CardPictureLoading"]),
        .testTarget(name: "CardTextTests", dependencies: ["CardText"]),
        .testTarget(
            name: "CardCompareTests",
            dependencies: [
                "CardCompare", "CardPacking", "CardRendering", "CardInteraction", "CardLayout", "CardMath",
                "CardTestSupport",
                "CardPixels", "CardRenderingTestSupport",
            ]
        ),
        // A layout registered at run time by a test target that edits no other file: parsed on
        // the command line, listed, in the help, reachable from the keys.
        .testTarget(
            name: "LayoutRegistrationTests",
            dependencies: [
                "cardviewer", "CardLayout", "CardMath", "CardInteraction", "CardViewerCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "CardEvents",
            ]
        ),
        .testTarget(
            name: "CardLayoutFilesTests",
            dependencies: [
                "CardLayoutFiles", "CardLayoutFileLoading", "CardLayout", "CardMath", "CardFiles", "CardTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"), "CMallocCounter",
            ]
        ),
        .testTarget(name: "CardEventsTests", dependencies: ["CardEvents", "CardMath"]),
        .testTarget(name: "CardCullingTests", dependencies: ["CardCulling"]),
        .testTarget(name: "CardSidecarsTests", dependencies: ["CardSidecars", "CardCulling", "CardFiles", "CardTestSupport"]),
        .testTarget(
            name: "CardInteractionTests",
            dependencies: [
                "CardInteraction", "CardTestSupport", .product(name: "RealModule", package: "swift-numerics"),
                "CardLayout", "CardMath", "CardEvents",
            ]
        ),
    ]
)
