import CardAssets
import CardImaging
import CardInteraction
import Foundation

/// Which deck to show: the bundled default, a folder of PNG files, or generated cards.
public enum DeckSpec: Hashable, Sendable {
    case bundled
    case folder(path: String)
    case synthetic(count: Int)
}

/// Why a deck cannot be shown: bad input from the command line (exit status 2). One line.
public struct DeckLoadError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// Builds the viewer's deck: decodes the pictures (each brought to the texture layer size at
/// once, so a folder of large photos never sits in memory at full size), restores the saved
/// state and reconciles it with the pictures that exist now.
public enum DeckLoader {
    /// The catalog of `spec`, with one warning line per picture that was skipped.
    ///
    /// Folder pictures get their file name (without `.png`) baked in as a title; unreadable
    /// files and folders named like PNGs are skipped with a warning naming them. Files are only
    /// ever read. Bundled pictures that cannot be read are skipped the same way; with none left
    /// the deck is 30 generated cards.
    ///
    /// - Throws: `DeckLoadError` when the folder is missing, not a folder, or cannot be listed.
    public static func catalog(for spec: DeckSpec, layerSize: (width: Int, height: Int)) throws
        -> (catalog: DeckCatalog, warnings: [String]) {
        switch spec {
        case .synthetic(let count):
            let bundled = try catalog(for: .bundled, layerSize: layerSize)
            var catalog = bundled.catalog
            catalog.origin = .synthetic(count: count)
            catalog.available = []
            return (catalog, bundled.warnings)
        case .bundled:
            var images: [RGBAImage] = [], available: [(source: CardSource, title: String)] = [], warnings: [String] = []
            var layers: [CardSource: UInt32] = [:]
            for path in BundledDeck.imagePaths {
                do {
                    let image = try PNGCodec.read(contentsOf: path)
                    let source = CardSource.bundled(index: available.count)
                    layers[source] = UInt32(images.count)
                    images.append(image.filled(into: layerSize))
                    available.append((source, bundledTitle(path)))
                } catch {
                    warnings.append("\(error) (skipped)")
                }
            }
            if images.isEmpty {
                return (DeckCatalog(origin: .synthetic(count: 30), images: [], available: [], layerOfSource: [:], blankLayer: nil), warnings)
            }
            return (DeckCatalog(origin: .bundled, images: images, available: available, layerOfSource: layers, blankLayer: nil), warnings)
        case .folder(let path):
            return try folderCatalog(path, layerSize: layerSize)
        }
    }

    private static func folderCatalog(_ directory: String, layerSize: (width: Int, height: Int)) throws
        -> (catalog: DeckCatalog, warnings: [String]) {
        let files: [(title: String, path: String)]
        do {
            files = try ImageFolder.pngFiles(in: directory)
        } catch let error as ImageFolderError {
            throw DeckLoadError(description: error.description)
        }
        var images: [RGBAImage] = [], available: [(source: CardSource, title: String)] = [], warnings: [String] = []
        var layers: [CardSource: UInt32] = [:]
        for file in files {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
                warnings.append("'\(file.path)' is a folder, not a PNG file (skipped)")
                continue
            }
            do {
                let image = try PNGCodec.read(contentsOf: file.path)
                let source = CardSource.file(name: URL(fileURLWithPath: file.path).lastPathComponent)
                layers[source] = UInt32(images.count)
                images.append(image.filled(into: layerSize).withTitle(file.title))
                available.append((source, file.title))
            } catch let error as PNGError {
                warnings.append("\(error.description) (skipped)")
            } catch {
                warnings.append("cannot read '\(file.path)': \(error) (skipped)")
            }
        }
        let blank = UInt32(images.count)
        images.append(blankCard(layerSize))
        return (DeckCatalog(origin: .folder(path: directory), images: images, available: available,
                            layerOfSource: layers, blankLayer: blank), warnings)
    }

    /// "01-sunset.png" → "sunset".
    static func bundledTitle(_ path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].allSatisfy(\.isNumber) else { return name }
        return String(parts[1])
    }

    /// The picture of a card added in a folder deck: a quiet blue-grey gradient titled "New card".
    static func blankCard(_ size: (width: Int, height: Int)) -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height)
        for y in 0..<image.height {
            let t = image.height > 1 ? Double(y) / Double(image.height - 1) : 0
            let shade = (r: UInt8(96 - 40 * t), g: UInt8(110 - 40 * t), b: UInt8(140 - 40 * t), a: UInt8(255))
            for x in 0..<image.width { image[x, y] = shade }
        }
        return image.withTitle("New card")
    }

    /// What `load` found besides the deck.
    public struct Outcome: Sendable {
        public var deck: Deck
        /// One line each: skipped pictures, a corrupt state file moved aside.
        public var warnings: [String]
        /// True when the deck differs from the saved state (new or vanished pictures) or there
        /// was no usable state: save it.
        public var needsSave: Bool
    }

    /// The deck to show: the saved state when there is one (reconciled with the pictures that
    /// exist now), else a fresh deck. A corrupt state file is moved aside with a warning.
    ///
    /// A synthetic deck (`--cards N`) is restored as saved; N only sizes a fresh deck.
    public static func deck(from catalog: DeckCatalog, store: DeckStore?) throws -> Outcome {
        guard let store else { return Outcome(deck: catalog.freshDeck(), warnings: [], needsSave: false) }
        switch try store.load() {
        case .missing:
            return Outcome(deck: catalog.freshDeck(), warnings: [], needsSave: true)
        case .corrupt(let reason, let movedTo):
            let warning = "state file '\(store.path)' is corrupt (\(reason)); moved it to '\(movedTo)' and started a fresh deck"
            return Outcome(deck: catalog.freshDeck(), warnings: [warning], needsSave: true)
        case .restored(var deck):
            if case .synthetic = catalog.origin { return Outcome(deck: deck, warnings: [], needsSave: false) }
            let change = deck.reconcile(available: catalog.available)
            return Outcome(deck: deck, warnings: [], needsSave: !change.dropped.isEmpty || !change.added.isEmpty)
        }
    }
}
