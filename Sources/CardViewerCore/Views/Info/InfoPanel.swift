import CardCulling
import CardMath
import CardPictureFolders

/// The info panel's text (SPEC §13, `I`): the file's name; its index in the deck, pixel size,
/// file size and the zoom; its EXIF camera settings (camera and lens; exposure, aperture, ISO
/// and focal length; capture time), each line only when it has something; its culling marks. Printable
/// ASCII (the overlay's font); pure, so tests read it without a window.
enum InfoPanel {
    /// The longest name shown whole, characters: a longer one is cut with "...".
    static let nameLength = 48

    /// The panel's lines for the picture at `index` (0-based) of `count`, shown at `zoom` (the
    /// photo view's label, `100 %`), with `details` (nil: the pipeline knows nothing of it: a
    /// card without a file) and `mark`.
    static func lines(details: PictureDetails?, index: Int?, count: Int, zoom: String?, mark: CullMark) -> [String] {
        var lines: [String] = []
        lines.append(MessageText.shortened(details?.fileName ?? "(no file)", limit: nameLength))
        var facts: [String] = []
        if let index { facts.append("\(index + 1) / \(count)") }
        if let size = details?.pixelSize { facts.append("\(size.width) x \(size.height)") }
        if let bytes = details?.byteCount { facts.append(byteText(bytes)) }
        if let zoom { facts.append(zoom) }
        lines.append(facts.joined(separator: " | "))
        if let camera = details?.camera { lines += cameraLines(camera) }
        lines.append(markText(mark))
        return lines
    }

    /// The camera settings' lines: `camera | lens`, `exposure | aperture | ISO | focal length`,
    /// the capture time; a line only when one of its fields is there.
    static func cameraLines(_ camera: CameraSettings) -> [String] {
        let rows = [[camera.camera, camera.lens], [camera.exposure, camera.aperture, camera.iso, camera.focalLength], [camera.captureTime]]
        return rows.compactMap { row in
            let fields = row.compactMap { $0 }
            return fields.isEmpty ? nil : fields.joined(separator: " | ")
        }
    }

    /// `5.2 MB`, `812 KB`, `640 bytes`: decimal units, as file managers show them.
    static func byteText(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\((bytes + 500) / 1000) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return tenths < 1000 ? "\(tenths / 10).\(tenths % 10) MB" : "\((bytes + 500_000) / 1_000_000) MB"
    }

    /// `*** | picked | red, green`, `rejected`, `no marks`.
    static func markText(_ mark: CullMark) -> String {
        var parts: [String] = []
        switch mark.flag {
        case .rejected: parts.append("rejected")
        case .picked:
            if mark.stars > 0 { parts.append(String(repeating: "*", count: mark.stars)) }
            parts.append("picked")
        case .none:
            if mark.stars > 0 { parts.append(String(repeating: "*", count: mark.stars)) }
        }
        if !mark.labels.isEmpty { parts.append(mark.labels.names.map { $0.lowercased() }.joined(separator: ", ")) }
        return parts.isEmpty ? "no marks" : parts.joined(separator: " | ")
    }
}
