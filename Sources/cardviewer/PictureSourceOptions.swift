import ArgumentParser
import CardPictureDecoding
import CardPictureFolders
import CardThumbnails
import CardViewerApp

/// `--images DIR`, `--thumbnail-cache MODE` and the picture limits: a folder of pictures as the
/// deck, how the desktop's thumbnail cache is used for it, and what one picture may cost to
/// decode (SPEC §11). Declared once, for `run`, `render` and `bench`.
/// `PATH…`, `--images DIR` and `-r`: the folders and pictures of a deck (SPEC §12), for `run`,
/// `render`, `bench` and `layout`.
struct DeckPathOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("""
        Folders and picture files (\(PictureKinds.listed())) shown as one deck, in the order given, each folder's \
        pictures in natural name order; a single file opens its folder at that picture (in the window already showing \
        that folder, when there is one). file:// URIs are taken as the paths they name. Only read, never changed. \
        A folder named like a subcommand is given as ./NAME.
        """, valueName: "path"))
    var givenPaths: [String] = []

    /// The positional PATHs as given (`PathRuns` puts back those kept from the parser), `file://`
    /// URIs as the paths they name (`FileURIArgument`).
    var paths: [String] { PathRuns.expanded(givenPaths).map(FileURIArgument.path) }

    @Option(help: "A folder of pictures as the deck (the same as giving it as a PATH).")
    var images: String?

    @Flag(name: [.customShort("r"), .customLong("recursive")],
          help: "Include the folders' subfolders (links followed once, at most 32 deep, hidden folders skipped unless named).")
    var recursive = false

    /// The deck's PATHs: `--images` first, then the positional ones; `nil` when none is given.
    var deckPaths: [String]? {
        let all = (images.map { [$0] } ?? []) + paths
        return all.isEmpty ? nil : all
    }
}

struct PictureSourceOptions: ParsableArguments {
    @OptionGroup var deck: DeckPathOptions

    /// `--images DIR`.
    var images: String? { deck.images }
    /// `-r`.
    var recursive: Bool { deck.recursive }
    /// The deck's PATHs (`DeckPathOptions.deckPaths`).
    var deckPaths: [String]? { deck.deckPaths }
    /// The one folder of `bench --images` (given with --images or as the one PATH).
    var folder: String? { deck.images ?? deck.paths.first }

    @Option(name: .customLong("thumbnail-cache"),
            help: """
            With --images: the freedesktop.org thumbnail cache ($XDG_CACHE_HOME/thumbnails): readwrite (the \
            default), read or off. bench times readwrite on fresh temporary caches (cold and warm starts, \
            removed after), read on the user's cache, off without a warm start.
            """)
    var givenThumbnailCache: ThumbnailCacheMode?

    @Option(name: .customLong("max-file-size"),
            help: ArgumentHelp("""
                The largest picture file read, for every format (bytes, or with a unit: 64MB, 1GiB); default: 64MB \
                for files decoded whole (JPEG, interlaced or 16-bit PNG), 1GiB for PNG read a row at a time.
                """, valueName: "size"))
    var maxFileSize: ByteCount?

    @Option(name: .customLong("max-pixels"),
            help: ArgumentHelp("The most pixels a picture may declare (a number, 268MP or WxH); default: 268MP (16384x16384).",
                               valueName: "pixels"))
    var maxPixels: PixelCount?

    @Option(name: .customLong("max-picture-memory"),
            help: ArgumentHelp("""
                The most working memory one picture's decoder may need (bytes, or 192MB, 1GiB); default: 192MB. \
                All decodes together stay within twice this, at least 384MB.
                """, valueName: "size"))
    var maxPictureMemory: ByteCount?

    @Flag(name: .customLong("no-embedded-previews"),
          help: "Decode every card from the picture's main image, not from a JPEG's embedded preview (EXIF or MPF thumbnail).")
    var noEmbeddedPreviews = false

    /// The thumbnail cache mode: as given, `readwrite` when not.
    var thumbnailCache: ThumbnailCacheMode { givenThumbnailCache ?? .readwrite }

    /// The picture limits: the defaults, with what the command line gives.
    var limits: PictureLimits {
        var limits = PictureLimits.standard
        limits.maximumFileSize = maxFileSize?.bytes
        if let maxPixels { limits.maximumPixels = maxPixels.pixels }
        if let maxPictureMemory { limits.maximumWorkingMemory = maxPictureMemory.bytes }
        return limits
    }

    /// The picture options given, by name (for "needs --images DIR").
    var givenLimitOptions: [String] {
        [maxFileSize.map { _ in "--max-file-size" }, maxPixels.map { _ in "--max-pixels" },
         maxPictureMemory.map { _ in "--max-picture-memory" }].compactMap { $0 }
    }
}

extension ThumbnailCacheMode: ExpressibleByArgument {}

/// A size in bytes: a whole number, or with a unit (`64MB`, `1GiB`: `PictureLimits.bytes(from:)`).
struct ByteCount: ExpressibleByArgument, Sendable {
    var bytes: Int

    init?(argument: String) {
        guard let bytes = PictureLimits.bytes(from: argument) else { return nil }
        self.bytes = bytes
    }
}

/// A pixel count: a whole number, with a unit (`268MP`) or `WxH` (`PictureLimits.pixels(from:)`).
struct PixelCount: ExpressibleByArgument, Sendable {
    var pixels: Int

    init?(argument: String) {
        guard let pixels = PictureLimits.pixels(from: argument) else { return nil }
        self.pixels = pixels
    }
}
