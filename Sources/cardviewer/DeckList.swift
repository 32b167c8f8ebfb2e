import CardCulling
import CardFiles
import CardJSON
import CardPictureDecoding
import CardPictureFolders
import CardSidecars
import CardViewerFrame

/// What `cardviewer list` says of each card: its file, and with `--json` what the viewer reads of
/// it — the header probe, the capture time, the marks (docs/formats/list-json.md).
enum DeckList {
    /// One card of the list.
    struct Card {
        var file: PictureFile
        var captureTime: CaptureTime?
        var mark: CullMark = .unmarked
        /// The sidecar the mark was read from, if any.
        var sidecar: String?
        /// The probe's result: the format and upright pixel size, or why the picture cannot be read.
        var probe: Result<PictureInfo, PictureError>?
    }

    /// The cards of `pictures` (the listing's order) in `order` (positions in `pictures`: the
    /// deck's order as the viewer restores and sorts it, `ViewerBuilder.loadDeck`); with
    /// `detailed`, each with its capture time, mark and probe (read for every picture: `list
    /// --json` on 500 JPEGs reads 500 headers). Marks are read as the viewer reads them
    /// (`XMPSidecarStore`, the picture shown: a pair's JPEG).
    static func cards(_ pictures: [PictureFile], order: [Int], detailed: Bool) -> [Card] {
        let store = XMPSidecarStore()
        let marks: [(mark: CullMark, source: XMPSidecarStore.Source)] = detailed
            ? pictures.map { store.markAndSource(ofPicture: $0.path) } : []
        let times: [CaptureTime]? = detailed ? CaptureTimes.of(pictures) : nil
        return order.map { index in
            var card = Card(file: pictures[index], captureTime: times?[index])
            if detailed {
                card.mark = marks[index].mark
                if case .sidecar(let path) = marks[index].source { card.sidecar = path }
            }
            if detailed {
                do {
                    card.probe = .success(try PictureDecoder.probe(contentsOf: pictures[index].path))
                } catch let error as PictureError {
                    card.probe = .failure(error)
                } catch {
                    card.probe = .failure(.unreadable(path: pictures[index].path, reason: "\(error)"))
                }
            }
            return card
        }
    }

    /// The list as JSON: `{"sort": …, "count": n, "cards": [ … ]}`, one card a line.
    static func json(_ cards: [Card], sort: PictureSort) -> String {
        var out = "{\"sort\":\(string(sort.rawValue)),\"count\":\(cards.count),\"cards\":["
        for (index, card) in cards.enumerated() {
            out += (index == 0 ? "\n" : ",\n") + json(card, index: index)
        }
        out += cards.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }

    /// One card's object.
    static func json(_ card: Card, index: Int) -> String {
        let file = card.file
        var out = "{\"index\":\(index),\"path\":\(path(file.path))"
        if PathBytes.hasEscapes(file.path) { out += ",\"pathBytes\":\(string(PathBytes.percentEncoded(file.path)))" }
        out += ",\"companions\":[\(file.companionPaths.map(path).joined(separator: ","))]"
        out += ",\"sidecar\":\(card.sidecar.map(path) ?? "null"),\"bytes\":\(file.byteCount)"
        switch card.probe {
        case .success(let info)?:
            out += ",\"format\":\(string(info.format.rawValue)),\"width\":\(info.size.width),\"height\":\(info.size.height)"
        default:
            out += ",\"format\":null,\"width\":null,\"height\":null"
        }
        if let time = card.captureTime {
            out += ",\"captureTime\":\(string(time.iso8601)),\"captureTimeSource\":\(string(time.source == .exif ? "exif" : "mtime"))"
        }
        let mark = card.mark
        out += ",\"marks\":{\"stars\":\(mark.stars),\"picked\":\(mark.flag == .picked),\"rejected\":\(mark.flag == .rejected)"
        out += ",\"labels\":[\(mark.labels.names.map { string($0.lowercased()) }.joined(separator: ","))]}"
        switch card.probe {
        case .failure(let error)?: out += ",\"readable\":false,\"reason\":\(string(error.reason))"
        default: out += ",\"readable\":true"
        }
        return out + "}"
    }

    /// A path as a JSON string (bytes that are not UTF-8 as U+FFFD: `pathBytes` keeps them).
    static func path(_ path: String) -> String { string(PathBytes.displayed(path)) }

    /// `text` as a JSON string (`JSONText`).
    static func string(_ text: String) -> String { JSONText.string(text) }
}
