// Writes the fuzzers' seed corpus with the project's own writers: `fuzz-seeds DIR` makes
// DIR/png, DIR/picture, DIR/webp, DIR/tiff, DIR/gif, DIR/thumbnail, DIR/state, DIR/replay, DIR/xmp,
// DIR/heif and DIR/raw. Small inputs on purpose:
// libFuzzer mutates them, and small files run many times a second.
import CardFormatSamples
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
try save(JPEGEncoder.encode(small, color: .ycbcr420), "picture", "baseline420.jpg")
try save(JPEGEncoder.encode(small, color: .ycbcr444, progressive: true), "picture", "progressive444.jpg")
try save(JPEGEncoder.encode(small, color: .grayscale), "picture", "grey.jpg")
try save(JPEGEncoder.encode(small, color: .cmyk), "picture", "cmyk.jpg")
for orientation in [PictureOrientation.right, .leftMirrored] {
    try save(JPEGEncoder.withOrientation(JPEGEncoder.encode(small), orientation), "picture", "exif-\(orientation.rawValue).jpg")
}
try save(PNGCodec.encode(small), "picture", "small.png")

// Colour profiles (lcms2 behind ColorConversion): JPEG APP2 ICC_PROFILE in one and two chunks,
// PNG iCCP; and camera-like JPEGs with an MPF preview and an EXIF thumbnail (decoded from them
// when the fuzzer's selector asks for embedded previews).
if let adobe = ICCProfileWriter.profile(.adobeRGB), let p3 = ICCProfileWriter.profile(.displayP3) {
    try save(JPEGPreviewWriter.withICCProfile(JPEGEncoder.encode(small), profile: adobe), "picture", "icc-adobe.jpg")
    try save(JPEGPreviewWriter.withICCProfile(JPEGEncoder.encode(small), profile: p3, chunks: 2, order: [2, 1]), "picture", "icc-p3-split.jpg")
    if let chunk = PNGICCProfile.chunk(profile: p3) {
        try save(PNGStructure.inserting([chunk], into: PNGCodec.encode(small)), "picture", "icc-p3.png")
    }
}
let camera = JPEGPreviewWriter.withExifThumbnail(try JPEGEncoder.encode(picture(64, 48)), thumbnail: try JPEGEncoder.encode(picture(16, 12)),
                                                 orientation: .right)
try save(JPEGPreviewWriter.withMPFPreview(camera, preview: try JPEGEncoder.encode(picture(32, 24))), "picture", "camera-previews.jpg")

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
// EXIF's Adobe RGB without a profile: IFD0 → EXIF IFD (ColorSpace 0xFFFF) → Interoperability
// IFD (InteropIndex "R03"), which the decoder walks itself (`ExifColorSpace`), in strips and tiles.
if let exif = ExifTIFFRetrofit.adding(to: TIFFEncoder.encode(small, layout: .strips(rows: 4), compression: .none)) {
    try save(exif, "tiff", "exif-r03.tif")
}
if let exif = ExifTIFFRetrofit.adding(to: TIFFEncoder.encode(small, layout: .tiles(width: 16, height: 16))) {
    try save(exif, "tiff", "exif-r03-tiles.tif")
}

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
// With culling (SPEC §10): the filter and marks kept in the state, a percent-encoded name and a
// generated card's "#ID" (written as the session writes them: docs/formats/state.md).
let culled = ##"{"cards": [{"id": 0, "source": {"file": {"name": "a b.jpg"}}, "title": "a b"}], "deleted": [], "##
    + ##""layout": {"filter": "picksOnly", "marks": {"#0": {"flag": "none", "stars": 2}, "a%20b.jpg": {"flag": "rejected", "stars": 3}}, "##
    + ##""name": "grid", "options": {}}, "nextID": 1, "version": 1}"##
try save(Array(culled.utf8), "state", "deck-culling.json")
try? FileManager.default.removeItem(atPath: stateFile)

// XMP (fuzz-xmp): sidecars as darktable, digiKam and this viewer write them, and pictures of
// each format the store walks with a packet embedded (JPEG APP1, PNG iTXt, WebP chunk, TIFF tag 700).
let xmpBody = """
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:digiKam="http://www.digikam.org/ns/1.0/"
 xmlns:cardviewer="http://ns.cardviewer.dev/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmp:Rating="-1" digiKam:PickLabel="1" cardviewer:StarsBeforeReject="4">
<dc:subject><rdf:Bag><rdf:li>seed</rdf:li></rdf:Bag></dc:subject>
</rdf:Description></rdf:RDF></x:xmpmeta>
"""
let xmpPacket = Array("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\(xmpBody)\n<?xpacket end=\"w\"?>".utf8)
try save(Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(xmpBody)".utf8), "xmp", "sidecar.xmp")
try save(xmpPacket, "xmp", "packet.xmp")
try save(Array("""
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:darktable="http://darktable.sf.net/">
<xmp:Rating>3</xmp:Rating><darktable:history><rdf:Seq><rdf:li darktable:operation="exposure" darktable:num="0"/>
</rdf:Seq></darktable:history></rdf:Description></rdf:RDF></x:xmpmeta>
""".utf8), "xmp", "darktable.xmp")
// Near the pre-scan's bounds (XMPPreScan): 66 namespaces (over 64), structures nested 130 deep, 300
// attributes under one element, comments and CDATA holding markup.
let xmpHead = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\""
let xmpTail = "</rdf:Description></rdf:RDF></x:xmpmeta>"
try save(Array((xmpHead + ">" + (0..<66).map { "<n\($0):p xmlns:n\($0)=\"u:\($0)\">1</n\($0):p>" }.joined() + xmpTail).utf8), "xmp", "namespaces.xmp")
try save(Array((xmpHead + " xmlns:a=\"u:a\">" + String(repeating: "<a:s rdf:parseType=\"Resource\">", count: 130)
    + String(repeating: "</a:s>", count: 130) + xmpTail).utf8), "xmp", "nested.xmp")
try save(Array((xmpHead + " xmlns:a=\"u:a\"" + (0..<300).map { " a:p\($0)=\"\($0)\"" }.joined() + "/></rdf:RDF></x:xmpmeta>").utf8), "xmp", "wide.xmp")
try save(Array((xmpHead + " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:Rating=\"2\"><!-- <a> '\" --><xmp:Label><![CDATA[<b x='>'>]]></xmp:Label>" + xmpTail).utf8), "xmp", "comments.xmp")
let xmpJPEG = try JPEGEncoder.encode(picture(8, 8))
let app1 = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + xmpPacket
try save([0xFF, 0xD8, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1 + xmpJPEG[2...],
         "xmp", "embedded.jpg")
let iTXt = PNGStructure.chunk(type: "iTXt", data: Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + xmpPacket)
try save(PNGStructure.inserting([iTXt], into: PNGCodec.encode(picture(4, 3))), "xmp", "embedded.png")
func littleEndian32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
let xmpChunk = Array("XMP ".utf8) + littleEndian32(xmpPacket.count) + xmpPacket + (xmpPacket.count % 2 == 1 ? [0] : [])
let vp8x = Array("VP8X".utf8) + littleEndian32(10) + [0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0]
try save(Array("RIFF".utf8) + littleEndian32(4 + vp8x.count + xmpChunk.count) + Array("WEBP".utf8) + vp8x + xmpChunk,
         "xmp", "embedded.webp")
// TIFF, little-endian: IFD0 at 8 with one entry, tag 700 (UNDEFINED) pointing after the IFD.
let tiffIFD: [UInt8] = [1, 0, 0xBC, 0x02, 7, 0] + littleEndian32(xmpPacket.count) + littleEndian32(8 + 2 + 12 + 4) + [0, 0, 0, 0]
try save([0x49, 0x49, 42, 0] + littleEndian32(8) + tiffIFD + xmpPacket, "xmp", "embedded.tif")

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
// HEIF: HEIC and AVIF made with libheif's encoders, small, one turned by irot, one with a thumbnail.
let quadrants = SamplePictures.quadrants(width: 16, height: 12)
try save(HEIFSample.encode(quadrants, codec: .hevc, quality: 50), "heif", "small.heic")
try save(HEIFSample.encode(quadrants, codec: .av1, quality: 50), "heif", "small.avif")
try save(HEIFSample.encode(quadrants, codec: .hevc, quality: 50, orientation: 6), "heif", "irot.heic")
try save(HEIFSample.encode(SamplePictures.quadrants(width: 32, height: 24), codec: .hevc, quality: 50,
                           thumbnail: SamplePictures.quadrants(width: 32, height: 24), thumbnailBox: 8), "heif", "thumbnail.heic")

// RAW: minimal DNGs with a JPEG preview (turned, and not), and one without (the half-size decode).
// (Previews of more pixels than their JPEG has bytes: LibRaw's preview is refused otherwise.)
let preview = SamplePictures.quadrants(width: 64, height: 48)
try save(DNGSample.make(preview: preview, rawWidth: 24, rawHeight: 24), "raw", "preview.dng")
try save(DNGSample.make(preview: preview, rawWidth: 24, rawHeight: 24, orientation: 6), "raw", "preview-turned.dng")
try save(DNGSample.make(preview: nil, rawWidth: 24, rawHeight: 24), "raw", "no-preview.dng")
print("seed corpus written to \(root)")
