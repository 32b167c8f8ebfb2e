/// A picture's camera settings from its EXIF, as the info panel shows them (SPEC §13, `I`):
/// display strings in printable ASCII (the overlay's font), each nil when the EXIF does not say
/// it (or says it in bytes that cannot be read). Read off the frame thread by
/// `ExifCameraSettings` (CardPictureDecoding); kept here, below both the decoders and the
/// viewer's core, as `CaptureTime` is, so the core shows it without importing a decoder.
public struct CameraSettings: Hashable, Sendable {
    /// The camera: `Make` and `Model` (0x010F, 0x0110), the make left out when the model starts
    /// with it (`Canon EOS R5`, not `Canon Canon EOS R5`).
    public var camera: String?
    /// The lens: `LensModel` (0xA434).
    public var lens: String?
    /// The exposure time (0x829A): `1/250 s` below a second, `2 s` or `2.5 s` from one.
    public var exposure: String?
    /// The aperture (`FNumber`, 0x829D): `f/2.8`, `f/8`.
    public var aperture: String?
    /// The sensitivity (`ISOSpeedRatings`/`PhotographicSensitivity`, 0x8827): `ISO 400`.
    public var iso: String?
    /// The focal length (0x920A), millimetres, rounded: `50 mm`.
    public var focalLength: String?
    /// The capture time (`DateTimeOriginal`, 0x9003), the camera's wall clock: `2024-05-01 12:34:56`.
    public var captureTime: String?

    public init(camera: String? = nil, lens: String? = nil, exposure: String? = nil, aperture: String? = nil, iso: String? = nil,
                focalLength: String? = nil, captureTime: String? = nil) {
        self.camera = camera
        self.lens = lens
        self.exposure = exposure
        self.aperture = aperture
        self.iso = iso
        self.focalLength = focalLength
        self.captureTime = captureTime
    }

    /// True when no field is known.
    public var isEmpty: Bool {
        camera == nil && lens == nil && exposure == nil && aperture == nil && iso == nil && focalLength == nil && captureTime == nil
    }
}

extension CameraSettings {
    /// The most bytes of an EXIF text shown.
    public static let textLimit = 64

    /// An EXIF ASCII value as shown: up to its first NUL, at most `textLimit` bytes, spaces
    /// trimmed at both ends, bytes outside printable ASCII (0x20…0x7E) as `?`; nil when empty.
    public static func text(_ bytes: some Sequence<UInt8>) -> String? {
        var kept: [UInt8] = []
        for byte in bytes {
            if byte == 0 || kept.count == textLimit { break }
            kept.append((0x20...0x7E).contains(byte) ? byte : UInt8(ascii: "?"))
        }
        while kept.last == 0x20 { kept.removeLast() }
        let start = kept.firstIndex { $0 != 0x20 } ?? kept.count
        return start < kept.count ? String(decoding: kept[start...], as: UTF8.self) : nil
    }

    /// `make` and `model` as one name: the model alone when it starts with the make or the
    /// make's first word (`NIKON CORPORATION` + `NIKON Z 6` is `NIKON Z 6`), case aside.
    public static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make else { return model }
        let lowerModel = model.lowercased(), lowerMake = make.lowercased()
        let firstWord = lowerMake.split(separator: " ").first.map(String.init) ?? lowerMake
        if lowerModel.hasPrefix(lowerMake) || lowerModel.hasPrefix(firstWord) { return model }
        return make + " " + model
    }

    /// An exposure time of `numerator / denominator` seconds: `1/250 s` below a second (the
    /// denominator of 1/x rounded), else `2 s`, `2.5 s` (one decimal, `.0` dropped); nil for
    /// zero or a zero denominator.
    public static func exposure(_ numerator: UInt32, _ denominator: UInt32) -> String? {
        guard numerator > 0, denominator > 0 else { return nil }
        let seconds = Double(numerator) / Double(denominator)
        if seconds < 1 {
            let reciprocal = (1 / seconds).rounded()
            if reciprocal > 1 { return "1/\(Int(reciprocal)) s" }
        }
        return tenths(seconds) + " s"
    }

    /// An f-number of `numerator / denominator`: `f/2.8`, `f/8`; nil for zero or a zero denominator.
    public static func aperture(_ numerator: UInt32, _ denominator: UInt32) -> String? {
        guard numerator > 0, denominator > 0 else { return nil }
        return "f/" + tenths(Double(numerator) / Double(denominator))
    }

    /// A focal length of `numerator / denominator` millimetres, rounded: `50 mm`; nil for zero
    /// (unknown) or a zero denominator.
    public static func focalLength(_ numerator: UInt32, _ denominator: UInt32) -> String? {
        guard numerator > 0, denominator > 0 else { return nil }
        return "\(Int((Double(numerator) / Double(denominator)).rounded())) mm"
    }

    /// `ISO 400`; nil for 0 (unknown).
    public static func iso(_ value: Int) -> String? {
        value > 0 ? "ISO \(value)" : nil
    }

    /// EXIF's `YYYY:MM:DD HH:MM:SS` as `YYYY-MM-DD HH:MM:SS`, when it is a valid date
    /// (`CaptureTime.exifSeconds`); nil otherwise (a camera without a clock writes zeros or spaces).
    public static func captureTime(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 19, CaptureTime.exifSeconds(dateTime: Array(bytes.prefix(19)), subSeconds: nil as [UInt8]?) != nil else { return nil }
        var shown = Array(bytes.prefix(19))
        shown[4] = UInt8(ascii: "-")
        shown[7] = UInt8(ascii: "-")
        return String(decoding: shown, as: UTF8.self)
    }

    /// `value` with one decimal, a trailing `.0` dropped: `2.8`, `8`, `2.5`.
    static func tenths(_ value: Double) -> String {
        let tenths = Int(min(value, 1e12) * 10 + 0.5)
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
