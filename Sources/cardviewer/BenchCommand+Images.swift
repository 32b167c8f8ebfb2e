import ArgumentParser
import CardPictureDecoding
import CardBenchmark
import CardLayout
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `bench --images DIR` and its options: a photo folder through the viewer's picture pipeline
/// (`PhotoBenchmark`).
struct PhotoBenchOptions: ParsableArguments {
    @OptionGroup var source: PictureSourceOptions

    @Option(help: "With --images: scroll end to end through the first N cards only (and give vipsthumbnail the same N files).")
    var limit: CardCount?

    @Flag(name: .customLong("compare-vips"),
          help: "With --images: also time vipsthumbnail (libvips-tools) on the same files, in as many processes as the viewer has decode workers.")
    var compareVips = false
}

extension BenchCommand {
    /// The options that only mean something with `--images`, and those that mean nothing with it.
    func validatePhotos() throws {
        if photos.source.recursive { throw ValidationError("bench does not take -r (it times one folder)") }
        if photos.source.deckPaths?.count ?? 0 > 1 { throw ValidationError("bench takes one folder of pictures (--images DIR or one PATH)") }
        guard photos.source.folder != nil else {
            if photos.source.givenThumbnailCache != nil { throw ValidationError("--thumbnail-cache needs --images DIR") }
            if let given = photos.source.givenLimitOptions.first { throw ValidationError("\(given) needs --images DIR") }
            if photos.limit != nil { throw ValidationError("--limit needs --images DIR") }
            if photos.compareVips { throw ValidationError("--compare-vips needs --images DIR") }
            return
        }
        if photos.source.folder?.isEmpty == true { throw ValidationError("--images needs a folder") }
        var conflicting: [String] = []
        if cards != nil { conflicting.append("--cards (the folder's pictures are the cards)") }
        if warmup != nil { conflicting.append("--warmup") }
        if allCards { conflicting.append("--all-cards") }
        if !baseline.isEmpty { conflicting.append("--baseline") }
        if sweep != nil { conflicting.append("--sweep") }
        if plot != nil { conflicting.append("--plot") }
        if pictureUploads { conflicting.append("--picture-uploads") }
        if let first = conflicting.first { throw ValidationError("--images cannot be combined with \(first)") }
        if let layout, layout.kinds.count != 1 { throw ValidationError("--images benchmarks one layout (not --layout all)") }
        if let limit = photos.limit, limit.value < 1 { throw ValidationError("--limit must be at least 1") }
    }

    /// The photo benchmark's settings from the options.
    var photoSettings: PhotoBenchmarkSettings {
        var settings = PhotoBenchmarkSettings(folder: photos.source.folder ?? ".", layout: layout?.kinds.first ?? .grid, viewport: size.size,
                               ordering: order, thumbnailCache: photos.source.thumbnailCache, pictureLimits: photos.source.limits,
                               limit: photos.limit?.value,
                               scrollFrames: frames?.value ?? 120, comparesVips: photos.compareVips)
        settings.eyeDistance = camera.eyeDistance
        settings.embeddedPreviews = !photos.source.noEmbeddedPreviews
        return settings
    }

    func runPhotos() throws {
        if let json { try FileOptions.checkWritable(json, what: "JSON report") }
        let settings = photoSettings
        let benchmark = PhotoBenchmark(settings: settings, warn: { printError("warning: \($0)") })
        let onTerminal = isatty(STDERR_FILENO) != 0
        let result: PhotoBenchmarkResult
        do {
            result = try benchmark.run { part in if onTerminal { printError("bench --images: \(part)…") } }
        } catch PhotoBenchmarkError.badFolder(let message), PhotoBenchmarkError.badSize(let message) {
            throw ValidationError(message)
        } catch PhotoBenchmarkError.runtime(let message) {
            throw RuntimeFailure(message)
        }
        let report = BenchmarkReport(machine: benchmark.machine ?? MachineInfo(cpu: MachineInfo.cpuModel(), cores: MachineInfo.activeCores,
                                                                                glRenderer: "unknown", glVersion: "unknown", gpuTimer: false),
                                     photos: settings, images: result)
        print(PhotoTextReport.render(report), terminator: "")
        if let json {
            try write(Data(try BenchmarkJSON.encode(report).utf8), to: json, what: "JSON report")
            print(TerminalText.escaped("JSON: \(json)"))
        }
    }
}
