import ArgumentParser
import CardThumbnails

/// `--images DIR` and `--thumbnail-cache MODE`: a folder of pictures as the deck, and how the
/// desktop's thumbnail cache is used for it. Declared once, for `run`, `render` and `bench`.
struct PictureSourceOptions: ParsableArguments {
    @Option(help: """
        A folder of pictures as the deck: its .png, .jpg and .jpeg files (only read, never changed; \
        titles from the file names).
        """)
    var images: String?

    @Option(name: .customLong("thumbnail-cache"),
            help: """
            With --images: the freedesktop.org thumbnail cache ($XDG_CACHE_HOME/thumbnails): readwrite (the \
            default), read or off. bench times readwrite on fresh temporary caches (cold and warm starts, \
            removed after), read on the user's cache, off without a warm start.
            """)
    var givenThumbnailCache: ThumbnailCacheMode?

    /// The thumbnail cache mode: as given, `readwrite` when not.
    var thumbnailCache: ThumbnailCacheMode { givenThumbnailCache ?? .readwrite }
}

extension ThumbnailCacheMode: ExpressibleByArgument {}
