// swift-tools-version:6.0
// CardViewer: five iOS card layouts in true 3D on OpenGL. See README.md and ARCHITECTURE notes in it.
import PackageDescription

let package = Package(
    name: "CardViewer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cardviewer", targets: ["cardviewer"]),
        .library(name: "CardMath", targets: ["CardMath"]),
        .library(name: "CardLayout", targets: ["CardLayout"]),
        .library(name: "CardRendering", targets: ["CardRendering"]),
        .library(name: "CardInteraction", targets: ["CardInteraction"]),
        .library(name: "CardBenchmark", targets: ["CardBenchmark"]),
        .library(name: "CardViewerCore", targets: ["CardViewerCore"]),
        .library(name: "CardPictures", targets: ["CardPictures"]),
        .library(name: "CardPictureLoading", targets: ["CardPictureLoading"]),
        .library(name: "CardText", targets: ["CardText"]),
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
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),

        // Pure Swift in the middle: no C module, no files, no GL.
        .target(name: "CardMath", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "CardLayout", dependencies: ["CardMath"]),
        // Behaviour: scroll physics, gestures over plain events, animator, deck model, hit-testing.
        .target(
            name: "CardInteraction",
            dependencies: ["CardMath", "CardLayout", .product(name: "RealModule", package: "swift-numerics")]
        ),

        // Which pictures live in the texture layers (LRU pool), what to decode next, where a
        // picture sits in its card and at what size: pure, for the frame thread.
        .target(name: "CardPictures", dependencies: ["CardMath", "CardLayout"]),
        // Worker threads that run decode closures in priority order (Foundation, no GL, no files).
        .target(name: "CardPictureLoading"),
        // Titles in any script: FreeType glyphs, fonts and fallbacks found through fontconfig.
        .target(name: "CardText", dependencies: ["CFreeType", "CFontconfig"]),

        // Images: PNG in and out through libpng (C at the edge), RGBA buffers for everyone else.
        .target(name: "CardImaging", dependencies: ["CPNG"]),
        // The bundled default deck's PNGs (written by `cardviewer make-deck`), as resources.
        .target(name: "CardAssets", path: "Assets", resources: [.copy("Deck")]),

        // GPU rendering: the only place that calls GL (through libepoxy); GLSL sources in Shaders/.
        .target(
            name: "CardShaders", path: "Shaders",
            resources: [
                .copy("card.vert"), .copy("card.frag"), .copy("fullscreen.vert"), .copy("composite.frag"),
                .copy("text.vert"), .copy("text.frag"),
            ]
        ),
        .target(name: "CardRendering", dependencies: ["CEpoxy", "CardMath", "CardLayout", "CardImaging", "CardShaders"]),
        // zIndex vs depth buffer: named scenes, the exact CPU reference, the GPU comparison.
        .target(
            name: "CardCompare",
            dependencies: ["CardMath", "CardLayout", "CardInteraction", "CardImaging", "CardRendering"]
        ),
        // Counts heap allocations (C at the edge: interposes malloc on Linux/glibc).
        .target(name: "CMallocCounter"),
        // The timing module: the scrolling benchmark behind `cardviewer bench`.
        .target(
            name: "CardBenchmark",
            dependencies: [
                "CMallocCounter", "CardMath", "CardLayout", "CardRendering", "CardImaging",
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        // Windows and input through GLFW: a GraphicsContext for the renderer, events for the app.
        .target(name: "CardWindow", dependencies: ["CGLFW", "CardMath", "CardInteraction", "CardRendering"]),

        // The interactive viewer without a window: session, per-layout controllers, deck files,
        // replay scripts. Foundation, no GL, no GLFW.
        .target(
            name: "CardViewerCore",
            dependencies: ["CardMath", "CardLayout", "CardInteraction", "CardImaging", "CardAssets"]
        ),
        // The viewer's glue: a session drawn by the renderer into a window or offscreen, fed by
        // GLFW's events or a replay script.
        .target(
            name: "CardViewerApp",
            dependencies: ["CardViewerCore", "CardRendering", "CardWindow", "CardImaging", "CardInteraction", "CMallocCounter"]
        ),

        .executableTarget(
            name: "cardviewer",
            dependencies: [
                "CardMath", "CardLayout", "CardImaging", "CardAssets", "CardRendering", "CardWindow", "CardCompare",
                "CardBenchmark", "CardViewerCore", "CardViewerApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Tests: one target per library, plus a shared support target with tolerance helpers.
        .target(name: "CardTestSupport", dependencies: ["CardMath"], path: "Tests/CardTestSupport"),
        .testTarget(name: "CardMathTests", dependencies: ["CardMath", "CardTestSupport"]),
        .testTarget(name: "CardImagingTests", dependencies: ["CardImaging", "CardAssets", "CardTestSupport"]),
        .testTarget(
            name: "CardLayoutTests",
            dependencies: [
                "CardLayout", "CardTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardRenderingTests",
            dependencies: ["CardRendering", "CardWindow", "CardLayout", "CardMath", "CardImaging", "CardTestSupport"]
        ),
        // End-to-end: runs the built `cardviewer` executable (build it first: swift build --build-tests).
        .testTarget(
            name: "CardViewerTests",
            dependencies: [
                "CardImaging", "CardViewerCore", "CardViewerApp", "CardRendering", "CardLayout", "CardInteraction",
                "CardMath",
            ]
        ),
        .testTarget(
            name: "CardViewerCoreTests",
            dependencies: [
                "CardViewerCore", "CardInteraction", "CardLayout", "CardMath", "CardImaging", "CardTestSupport",
                "CMallocCounter",
            ]
        ),
        .testTarget(
            name: "CardPicturesTests",
            dependencies: ["CardPictures", "CardLayout", "CardMath", "CardTestSupport", "CMallocCounter"]
        ),
        .testTarget(name: "CardPictureLoadingTests", dependencies: ["CardPictureLoading"]),
        .testTarget(name: "CardTextTests", dependencies: ["CardText"]),
        .testTarget(name: "CardBenchmarkTests", dependencies: ["CardBenchmark", "CardRendering", "CardLayout"]),
        .testTarget(
            name: "CardCompareTests",
            dependencies: ["CardCompare", "CardRendering", "CardInteraction", "CardLayout", "CardMath", "CardImaging", "CardTestSupport"]
        ),
        .testTarget(
            name: "CardInteractionTests",
            dependencies: ["CardInteraction", "CardTestSupport", .product(name: "RealModule", package: "swift-numerics")]
        ),
    ]
)
