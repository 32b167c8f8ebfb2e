// Writes the fuzzers' seed corpus with the project's own writers: `fuzz-seeds DIR` makes
// DIR/png, DIR/picture, DIR/webp, DIR/tiff, DIR/gif, DIR/thumbnail, DIR/state and DIR/replay.
// Small inputs on purpose: libFuzzer mutates them, and small files run many times a second.
import CardImaging
import CardInteraction
import CardMath
import CardPictureDecoding
import CardPixels
import CardThumbnails
import CardViewerCore
import Foundation

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: fuzz-seeds DIR\n".utf8))
    exit(2)
}
let root = CommandLine.arguments[1]

func save(_ bytes: [UInt8], _ folder: String, _ name: String) throws {
    try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: "\(root)/\(folder)/\(name)"))
}

/// A small asymmetric picture: a gradient with one translucent corner.
func picture(_ width: Int, _ height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            image[x, y] = (UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 90, x + y < 3 ? 128 : 255)
        }
    }
    return image
}

// PNG: RGBA of a few shapes, with text chunks before and after the image data.
for (width, height) in [(1, 1), (7, 5), (16, 16)] {
    try save(PNGCodec.encode(picture(width, height)), "png", "rgba-\(width)x\(height).png")
}
let texts = [PNGStructure.textChunk(keyword: "Comment", text: "seed"), PNGStructure.chunk(type: "zTXt", data: Array("k".utf8) + [0, 0, 0x78, 0x9C, 3, 0, 0, 0, 0, 1]),
             PNGStructure.chunk(type: "eXIf", data: [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0])]
try save(PNGStructure.inserting(texts, into: PNGCodec.encode(picture(4, 3))), "png", "text.png")

// Pictures: JPEGs of each kind, with and without EXIF orientation, and a PNG.
let small = picture(16, 12)
try save(JPEGEncoder.encode(small, colour: .ycbcr420), "picture", "baseline420.jpg")
try save(JPEGEncoder.encode(small, colour: .ycbcr444, progressive: true), "picture", "progressive444.jpg")
try save(JPEGEncoder.encode(small, colour: .greyscale), "picture", "grey.jpg")
try save(JPEGEncoder.encode(small, colour: .cmyk), "picture", "cmyk.jpg")
for orientation in [PictureOrientation.right, .leftMirrored] {
    try save(JPEGEncoder.withOrientation(JPEGEncoder.encode(small), orientation), "picture", "exif-\(orientation.rawValue).jpg")
}
try save(PNGCodec.encode(small), "picture", "small.png")

// WebP: lossy and lossless, translucent, with EXIF orientation and an ICCP chunk, an animation.
let size = PixelSize(width: small.width, height: small.height)
try save(WebPEncoder.encode(small, lossless: false, quality: 80), "webp", "lossy-alpha.webp")
try save(WebPEncoder.encode(small, lossless: true), "webp", "lossless-alpha.webp")
try save(WebPEncoder.encode(RGBAImage(width: 9, height: 7, fill: (200, 100, 50, 255)), lossless: false), "webp", "lossy.webp")
try save(WebPEncoder.extended(WebPEncoder.encode(small, lossless: true), size: size, alpha: true, icc: [UInt8](repeating: 7, count: 40),
                              exif: WebPEncoder.exif(orientation: 6)), "webp", "extended-exif6-icc.webp")
try save(WebPEncoder.animation(canvas: PixelSize(width: 20, height: 16), frames: [
    WebPEncoder.Frame(webp: WebPEncoder.encode(picture(6, 4), lossless: true), x: 2, y: 4, size: PixelSize(width: 6, height: 4)),
    WebPEncoder.Frame(webp: WebPEncoder.encode(picture(20, 16), lossless: false), x: 0, y: 0, size: PixelSize(width: 20, height: 16)),
]), "webp", "animation.webp")

// TIFF: strips and tiles, 8 and 16 bits, alpha, each compression, an orientation and a profile.
try save(TIFFEncoder.encode(small, layout: .strips(rows: 3), compression: .none), "tiff", "strips-none.tif")
try save(TIFFEncoder.encode(small, layout: .strips(rows: 5), bits: 16, compression: .lzw), "tiff", "strips16-lzw.tif")
try save(TIFFEncoder.encode(small, layout: .tiles(width: 16, height: 16), alpha: true, orientation: 6), "tiff", "tiles-alpha-6.tif")
try save(TIFFEncoder.encode(small, layout: .strips(rows: 12), orientation: 3, icc: [UInt8](repeating: 3, count: 40)), "tiff", "icc-3.tif")

// GIF: two frames with transparency, an interlaced frame, a frame inside a larger screen.
let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (250, 250, 250)]
let indices = (0..<(12 * 9)).map { UInt8($0 % 4) }
try save(GIFEncoder.encode(canvas: PixelSize(width: 12, height: 9), palette: palette, frames: [
    GIFEncoder.Frame(indices: indices, width: 12, height: 9, transparent: 2),
    GIFEncoder.Frame(indices: indices.reversed(), width: 12, height: 9),
]), "gif", "two-frames.gif")
try save(GIFEncoder.encode(canvas: PixelSize(width: 12, height: 9), palette: palette,
                           frames: [GIFEncoder.Frame(indices: indices, width: 12, height: 9, interlaced: true)]), "gif", "interlaced.gif")
try save(GIFEncoder.encode(canvas: PixelSize(width: 20, height: 20), palette: palette,
                           frames: [GIFEncoder.Frame(indices: indices, left: 3, top: 5, width: 12, height: 9)]), "gif", "inside.gif")

// Thumbnails as the cache writes them, and a failure record.
let metadata = ThumbnailMetadata(uri: "file:///tmp/a.jpg", modificationTime: 1_700_000_000, fileSize: 1234,
                                 imageSize: PixelSize(width: 4000, height: 3000), software: "cardviewer 1.0", mimeType: "image/jpeg")
try save(PNGStructure.inserting(metadata.textChunks, into: PNGCodec.encode(picture(8, 6))), "thumbnail", "thumbnail.png")
var failure = metadata
failure.failureReason = "picture '/tmp/a.jpg' is corrupt"
try save(PNGStructure.inserting(failure.textChunks, into: PNGCodec.encode(RGBAImage(width: 1, height: 1))), "thumbnail", "fail.png")

// State files as DeckStore saves them: a small deck with a deletion and a reorder.
var deck = Deck()
for i in 0..<5 { _ = deck.append(source: .synthetic(number: i), title: "Card \(i)") }
let stateFile = NSTemporaryDirectory() + "fuzz-seed-state-\(getpid()).json"
try DeckStore(path: stateFile).save(deck)
try save([UInt8](FileManager.default.contents(atPath: stateFile) ?? Data()), "state", "deck.json")
try DeckStore(path: stateFile).save(deck, layout: SavedLayout(name: "wheel", options: ["radius": 700, "fadeMax": .infinity]))
try save([UInt8](FileManager.default.contents(atPath: stateFile) ?? Data()), "state", "deck-layout.json")
// With the view: the scroll offset and the current card (SPEC §12), and a file source by path.
_ = deck.append(source: .file(name: "/home/me/dropped.jpg"), title: "dropped")
var viewed = SavedLayout(name: "grid")
viewed.offset = SIMD2(0, 1234.5)
viewed.currentCard = 3
try DeckStore(path: stateFile).save(deck, layout: viewed)
try save([UInt8](FileManager.default.contents(atPath: stateFile) ?? Data()), "state", "deck-view.json")
try? FileManager.default.removeItem(atPath: stateFile)

// Replay scripts: every event type of the README's format.
let replay = """
{"events": [
  {"time": 0.5, "type": "click", "x": 640, "y": 400},
  {"time": 1.0, "type": "move", "x": 10, "y": 20},
  {"time": 1.5, "type": "drag", "x": 600, "y": 300, "toX": 100, "toY": 300, "duration": 0.2},
  {"time": 2.5, "type": "drag", "x": 200, "y": 200, "toX": 500, "toY": 200, "hold": 0.6, "duration": 0.5, "button": "right"},
  {"time": 3.5, "type": "scroll", "dx": 0, "dy": -2},
  {"time": 3.6, "type": "scroll", "dx": 1.5, "dy": 0, "precise": true},
  {"time": 4.0, "type": "key", "key": "a"},
  {"time": 4.1, "type": "keydown", "key": "escape"},
  {"time": 4.2, "type": "keyup", "key": "escape"},
  {"time": 4.5, "type": "resize", "width": 800, "height": 600},
  {"time": 4.7, "type": "drop", "paths": ["/tmp/a folder", "picture.jpg"]},
  {"time": 5.0, "type": "down", "x": 1, "y": 2}, {"time": 5.1, "type": "up", "x": 1, "y": 2}
], "end": 6}
"""
try save(Array(replay.utf8), "replay", "all-events.json")
try save(Array(#"{"events": []}"#.utf8), "replay", "empty.json")
print("seed corpus written to \(root)")
