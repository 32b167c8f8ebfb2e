// picture-tool: a development tool that decodes picture files exactly as the viewer's loader
// does (CardPictureDecoding), for measuring speed and memory outside the viewer. Not installed.
//
//   picture-tool decode [--fit WxH | --cover WxH | --stretch WxH] FILE...   one line per file; warnings on stderr
//   picture-tool probe FILE...                               header sizes, no decoding
//   picture-tool bench [--fit WxH | --cover WxH | --stretch WxH] [--repeat N] [--thumbnail-cache ROOT] FILE|DIR...
//                                                            single-threaded timings; with a cache
//                                                            root, through the thumbnail cache
//                                                            (the first run fills it: cold; the
//                                                            next reads it: warm); --saving
//                                                            now|later|never as ThumbnailSaving
//                                                            (later: saved after the timed loads)
//   picture-tool make-photos DIR --count N [--size WxH] [--png] [--orientation 1-8]
//                [--preview WxH] [--exif-thumbnail] [--profile adobe-rgb|display-p3|prophoto|srgb]
//                                                            synthetic photo-like JPEGs (or PNGs);
//                                                            camera-like with an MPF preview of
//                                                            WxH and/or a 160x120 EXIF thumbnail,
//                                                            tagged with an ICC profile
//   picture-tool colour-bench [--size WxH] [--repeat N] [--profile NAME]
//                                                            the ICC conversion's cost (lcms2) on
//                                                            a WxH picture and at card size
//   picture-tool tiles [--size WxH] FILE...                  the photo view's tiles (PictureRegions): the
//                                                            picture opened, then a WxH (1280x800) view at
//                                                            100 % at the top-left, centre and bottom-right,
//                                                            as the 512-px tiles (and borders) covering it
//   picture-tool make-heic PNG OUT [--tile N]                a HEIC of the PNG as phones write them: a grid of
//                                                            N-pixel tiles (1008 by default; libheif 1.15
//                                                            encodes no grids itself), for measurements
// decode and bench take --previews: cards from embedded JPEG previews when they cover the target.
// decode takes --max-picture-memory MB: the decoder's working-memory cap (PictureLimits), as
// cardviewer's option: a HEIC decoded by libde265 with or without its worker threads, measured.
//   picture-tool make-hostile DIR                            the hostile-picture cases of the tests
//                                                            (DIR/case01 …, one folder each) and
//                                                            the largest pictures the limits allow
//                                                            (DIR/largest), made byte by byte
// --peak-memory (any command) prints "peak resident memory: N KiB" last: this process's own
// high-water mark (VmHWM), which excludes whatever a parent shared with it before exec.
// Exit status: 0, 1 when a file could not be decoded, 2 for bad arguments.
import CardImaging
import CardMath
import CardFormatSamples
import CardPictureDecoding
import CardPixels
import CardTestSupport
import CardThumbnails
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(TerminalText.escaped(message))\n".utf8))
    exit(2)
}

/// Options shared by the commands, and the files or folders named.
struct Arguments {
    var target = PictureTarget.fullSize
    var repeats = 1
    var reportPeakMemory = false
    var count = 1
    var size = PixelSize(width: 4000, height: 3000)
    /// `make-heic --tile N`: the grid's tile side.
    var tileSide = 1008
    /// `--size` given (the tiles' window defaults to 1280 × 800 otherwise).
    var sizeGiven = false
    var png = false
    var orientation = PictureOrientation.up
    var cacheRoot: String?
    var saving = ThumbnailSaving.now
    var paths: [String] = []
    /// `--previews`: decode from embedded JPEG previews that cover the target.
    var previews = false
    /// `--max-picture-memory MB`: the decoder's limits (the standard ones without it).
    var limits = PictureLimits.standard
    /// `make-photos --preview WxH`: an MPF preview of that size after each JPEG.
    var previewSize: PixelSize?
    /// `make-photos --exif-thumbnail`: a 160 × 120 (at most) EXIF thumbnail in each JPEG.
    var exifThumbnail = false
    /// `--profile NAME`: the ICC profile embedded (make-photos) or converted from (colour-bench).
    var profile: ICCProfileWriter.Space?

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--fit", "--cover", "--stretch":
                guard let value = rest.popFirst(), let size = Self.size(value) else { fail("\(argument) needs WxH") }
                target = argument == "--fit" ? .fit(size) : argument == "--cover" ? .cover(size) : .stretch(size)
            case "--count":
                guard let value = rest.popFirst(), let number = Int(value), number > 0 else { fail("--count needs a number") }
                count = number
            case "--size":
                guard let value = rest.popFirst(), let parsed = Self.size(value) else { fail("--size needs WxH") }
                size = parsed
                sizeGiven = true
            case "--tile":
                guard let value = rest.popFirst(), let number = Int(value), number >= 64 else { fail("--tile needs a side of 64 or more") }
                tileSide = number
            case "--thumbnail-cache":
                guard let value = rest.popFirst() else { fail("--thumbnail-cache needs a folder") }
                cacheRoot = value
            case "--saving":
                switch rest.popFirst() {
                case "now": saving = .now
                case "later": saving = .later
                case "never": saving = .never
                default: fail("--saving needs now, later or never")
                }
            case "--png":
                png = true
            case "--previews":
                previews = true
            case "--exif-thumbnail":
                exifThumbnail = true
            case "--preview":
                guard let value = rest.popFirst(), let parsed = Self.size(value) else { fail("--preview needs WxH") }
                previewSize = parsed
            case "--profile":
                guard let value = rest.popFirst(), let parsed = ICCProfileWriter.Space(rawValue: value) else {
                    fail("--profile needs one of " + ICCProfileWriter.Space.allCases.map(\.rawValue).joined(separator: ", "))
                }
                profile = parsed
            case "--orientation":
                guard let value = rest.popFirst(), let number = Int(value), let parsed = PictureOrientation(rawValue: number) else {
                    fail("--orientation needs 1…8")
                }
                orientation = parsed
            case "--peak-memory":
                reportPeakMemory = true
            case "--max-picture-memory":
                guard let value = rest.popFirst(), let megabytes = Int(value), megabytes > 0, megabytes <= 1 << 20 else {
                    fail("--max-picture-memory needs megabytes")
                }
                limits.maximumWorkingMemory = megabytes * 1_000_000
            case "--repeat":
                guard let value = rest.popFirst(), let count = Int(value), count > 0 else { fail("--repeat needs a count") }
                repeats = count
            default:
                paths.append(argument)
            }
        }
    }

    static func size(_ text: String) -> PixelSize? {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 && parts.allSatisfy({ $0 > 0 }) ? PixelSize(width: parts[0], height: parts[1]) : nil
    }

    /// The files named, folders expanded to their pictures (by extension), in name order.
    var files: [String] {
        paths.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter(PictureFormat.isPictureName).sorted().map { "\(path)/\($0)" }
        }
    }
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

let commandLine = CommandLine.arguments
guard commandLine.count >= 2 else { fail("usage: picture-tool decode|probe|bench [options] FILE...") }
let options = Arguments(commandLine.dropFirst(2))
var failures = 0

switch commandLine[1] {
case "decode":
    for file in options.files {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let picture = try PictureDecoder.decode(contentsOf: file, target: options.target, limits: options.limits,
                                                    embeddedPreviews: options.previews)
            print("\(file): \(picture.format.rawValue) \(picture.fullSize) -> \(picture.image.width)x\(picture.image.height) in \(String(format: "%.2f", milliseconds(since: start))) ms"
                  + (picture.fromEmbeddedPreview ? " (from the embedded preview)" : ""))
        } catch {
            FileHandle.standardError.write(Data("warning: \(TerminalText.escaped("\(error)")) (skipped)\n".utf8))
            failures += 1
        }
    }
case "probe":
    for file in options.files {
        do {
            let info = try PictureDecoder.probe(contentsOf: file)
            print("\(file): \(info.format.rawValue) \(info.size) orientation \(info.orientation.rawValue)")
        } catch {
            FileHandle.standardError.write(Data("warning: \(TerminalText.escaped("\(error)"))\n".utf8))
            failures += 1
        }
    }
case "bench":
    let files = options.files
    var times: [Double] = []
    var megapixels = 0.0
    var fromCache = 0
    var fromPreviews = 0
    var pendingThumbnails: [PendingThumbnail] = []
    let cache = options.cacheRoot.map { ThumbnailCache(root: $0, mode: .readwrite) { print("warning: \($0)") } }
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<options.repeats {
        for file in files {
            let one = DispatchTime.now().uptimeNanoseconds
            do {
                if let cache {
                    let picture = try cache.loadPicture(at: file, target: options.target, saving: options.saving)
                    if case .thumbnail = picture.origin { fromCache += 1 }
                    if let pending = picture.pendingThumbnail { pendingThumbnails.append(pending) }
                } else {
                    let picture = try PictureDecoder.decode(contentsOf: file, target: options.target, embeddedPreviews: options.previews)
                    if picture.fromEmbeddedPreview { fromPreviews += 1 }
                    megapixels += Double(picture.fullSize.pixelCount) / 1e6
                }
            } catch {
                failures += 1
            }
            times.append(milliseconds(since: one))
        }
    }
    let total = milliseconds(since: start) / 1000
    times.sort()
    let median = times.isEmpty ? 0 : times[times.count / 2]
    let p90 = times.isEmpty ? 0 : times[min(times.count - 1, times.count * 9 / 10)]
    print(String(format: "%d pictures (%d files) in %.3f s: %.1f pictures/s, %.1f MP/s, best %.2f ms, median %.2f ms, p90 %.2f ms, failures %d",
                 times.count, files.count, total, Double(times.count) / total, megapixels / total, times.first ?? 0, median, p90, failures)
          + (cache == nil ? "" : ", \(fromCache) from the thumbnail cache") + (options.previews ? ", \(fromPreviews) from embedded previews" : ""))
    if !pendingThumbnails.isEmpty {
        let saveStart = DispatchTime.now().uptimeNanoseconds
        let saved = pendingThumbnails.filter { $0.save() }.count
        print(String(format: "then %d thumbnails saved in %.3f s (%.1f ms each)", saved, milliseconds(since: saveStart) / 1000,
                     milliseconds(since: saveStart) / Double(max(1, saved))))
    }
    failures = 0
case "downscale-bench":
    // Times AreaDownscaler alone: a --size picture (opaque, and with alpha) to --fit/--cover.
    let source = PhotoMaker(width: options.size.width, height: options.size.height).picture(1)
    var translucent = source
    for i in stride(from: 3, to: translucent.pixels.count, by: 8) { translucent.pixels[i] = 128 }
    let wanted = options.target.size(for: options.size)
    for (label, image) in [("opaque", source), ("translucent", translucent)] {
        var best = Double.infinity
        for _ in 0..<max(3, options.repeats) {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = AreaDownscaler.downscale(image, to: wanted)
            best = min(best, milliseconds(since: start))
        }
        print(String(format: "%@ %@ -> %@: best %.2f ms", label, options.size.description, wanted.description, best))
    }
case "make-photos":
    guard let folder = options.paths.first else { fail("make-photos needs a folder") }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let maker = PhotoMaker(width: options.size.width, height: options.size.height)
    var profile: [UInt8]?
    if let space = options.profile {
        guard let bytes = ICCProfileWriter.profile(space) else { fail("lcms2 could not make the profile") }
        profile = bytes
    }
    for index in 0..<options.count {
        let image = maker.picture(index)
        let name = String(format: "photo%05d.%@", index, options.png ? "png" : "jpg")
        do {
            var bytes = options.png ? try PNGCodec.encode(image) : try JPEGEncoder.encode(image, quality: 90)
            if !options.png, options.exifThumbnail {
                let thumbnail = AreaDownscaler.downscale(image, to: PictureTarget.fit(PixelSize(width: 160, height: 120)).size(for: options.size))
                bytes = JPEGPreviewWriter.withExifThumbnail(bytes, thumbnail: try JPEGEncoder.encode(thumbnail, quality: 80),
                                                            orientation: options.orientation == .up ? nil : options.orientation)
            } else if !options.png, options.orientation != .up {
                bytes = JPEGEncoder.withOrientation(bytes, options.orientation)
            }
            if !options.png, let profile { bytes = JPEGPreviewWriter.withICCProfile(bytes, profile: profile) }
            if !options.png, let size = options.previewSize {
                let preview = try JPEGEncoder.encode(AreaDownscaler.downscale(image, to: PictureTarget.fit(size).size(for: options.size)), quality: 85)
                bytes = JPEGPreviewWriter.withMPFPreview(bytes, preview: preview)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        } catch {
            fail("cannot write \(folder)/\(name): \(error)")
        }
    }
    print("wrote \(options.count) pictures of \(options.size) to \(folder)")
case "colour-bench":
    // The ICC conversion alone (lcms2, ColorConversion) on a --size picture and at card size.
    guard let profile = ICCProfileWriter.profile(options.profile ?? .adobeRGB) else { fail("lcms2 could not make the profile") }
    let picture = PhotoMaker(width: options.size.width, height: options.size.height).picture(1)
    let card = AreaDownscaler.downscale(picture, to: PictureTarget.fit(PixelSize(width: 320, height: 320)).size(for: options.size))
    let first = DispatchTime.now().uptimeNanoseconds
    var warmup = card
    ColorConversion.convertToSRGB(&warmup, iccProfile: profile)
    print(String(format: "first call (profile opened, transform built, %dx%d converted): %.2f ms", card.width, card.height, milliseconds(since: first)))
    for image in [picture, card] {
        var best = Double.infinity
        for _ in 0..<max(3, options.repeats) {
            var copy = image
            let start = DispatchTime.now().uptimeNanoseconds
            ColorConversion.convertToSRGB(&copy, iccProfile: profile)
            best = min(best, milliseconds(since: start))
        }
        print(String(format: "%dx%d (%.2f MP): best %.3f ms, %.1f MP/s", image.width, image.height, Double(image.width * image.height) / 1e6,
                     best, Double(image.width * image.height) / 1e3 / best))
    }
case "tiles":
    let window = options.sizeGiven ? options.size : PixelSize(width: 1280, height: 800)
    for file in options.files {
        do {
            var start = DispatchTime.now().uptimeNanoseconds
            let regions = try PictureRegions(path: file)
            var line = "\(file): \(regions.format.rawValue) \(regions.size), opened in \(String(format: "%.0f", milliseconds(since: start))) ms"
                + " (held \(regions.heldBytes / 1_000_000) MB, finest level \(regions.finestLevel))"
            let size = regions.size, tile = 512
            let places = [("top-left", 0, 0), ("centre", (size.width - window.width) / 2, (size.height - window.height) / 2),
                          ("bottom-right", size.width - window.width, size.height - window.height)]
            for (name, x, y) in places {
                // The tiles a view of `window` at (x, y) needs at level 0, as the viewer cuts them.
                var rects: [PixelRect] = []
                for row in (max(y, 0) / tile)...(min(y + window.height, size.height) - 1) / tile {
                    for column in (max(x, 0) / tile)...(min(x + window.width, size.width) - 1) / tile {
                        rects.append(PixelRect(x: column * tile, y: row * tile, width: min(tile, size.width - column * tile),
                                               height: min(tile, size.height - row * tile)))
                    }
                }
                start = DispatchTime.now().uptimeNanoseconds
                let images = try regions.tiles(rects, level: regions.finestLevel, border: 1, side: tile + 2)
                _ = images.map { $0.mipChain() }
                line += String(format: "; %@ %d tiles %.0f ms", name, images.count, milliseconds(since: start))
            }
            print(line)
        } catch {
            FileHandle.standardError.write(Data("warning: \(TerminalText.escaped("\(error)")) (skipped)\n".utf8))
            failures += 1
        }
    }
case "make-heic":
    guard options.paths.count == 2 else { fail("make-heic needs a PNG and an output file") }
    do {
        let image = try PNGCodec.read(contentsOf: options.paths[0])
        let tile = options.tileSide
        let columns = (image.width + tile - 1) / tile, rows = (image.height + tile - 1) / tile
        guard columns * rows < 127 else { fail("make-heic: \(columns * rows) tiles; at most 126 (a larger --tile)") }
        var tiles: [[UInt8]] = []
        for row in 0..<rows {
            for column in 0..<columns {
                var piece = RGBAImage(width: tile, height: tile)
                for y in 0..<tile {
                    for x in 0..<tile {
                        piece[x, y] = image[min(column * tile + x, image.width - 1), min(row * tile + y, image.height - 1)]
                    }
                }
                tiles.append(try HEIFSample.encode(piece))
            }
        }
        let grid = try HEIFSample.grid(tiles: tiles, columns: columns, rows: rows, tileSize: (tile, tile),
                                       size: (image.width, image.height))
        try Data(grid).write(to: URL(fileURLWithPath: options.paths[1]))
        print("\(options.paths[1]): \(image.width)x\(image.height), \(columns)x\(rows) tiles of \(tile), \(grid.count) bytes")
    } catch {
        fail("make-heic: \(error)")
    }
case "make-hostile":
    guard let folder = options.paths.first else { fail("make-hostile needs a folder") }
    let sets = HostileFiles.cases.enumerated().map { (String(format: "case%02d", $0.offset + 1), $0.element.files) }
        + [("largest", HostileFiles.largest)]
    for (name, files) in sets {
        do {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
            for file in files { try file.make("\(folder)/\(name)/\(file.name)") }
        } catch {
            fail("cannot write \(folder)/\(name): \(error)")
        }
    }
    for (index, hostile) in HostileFiles.cases.enumerated() { print(String(format: "case%02d: ", index + 1) + hostile.description) }
    print("largest: " + HostileFiles.largest.map(\.name).joined(separator: ", "))
default:
    fail("unknown command '\(commandLine[1])'; use decode, probe, bench, tiles, make-heic, make-photos, colour-bench or make-hostile")
}
if options.reportPeakMemory {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kibibytes = line.flatMap { $0.split(separator: " ").dropFirst().first }.map(String.init) ?? "unknown"
    print("peak resident memory: \(kibibytes) KiB")
}
exit(failures == 0 ? 0 : 1)
