import ArgumentParser
import CardLayout
import CardMath

/// `--camera-distance D`: the shared camera's eye distance from the plane z = 0 in points
/// (SPEC §1, §8), within `Camera.eyeDistanceRange` (docs/LIMITS.md). Core Animation's
/// `m34 = −1/D`: 1500 is the seeds', 500 iCarousel's.
struct CameraOptions: ParsableArguments {
    @Option(name: .customLong("camera-distance"), help: ArgumentHelp(
        "The camera's distance from the cards' plane in points, \(Int(Camera.eyeDistanceRange.lowerBound))…\(Int(Camera.eyeDistanceRange.upperBound)) (default: the layout's own, \(Int(Camera.defaultEyeDistance)) for the seeds and \(Int(LayoutDescriptor.iCarouselEyeDistance)) for iCarousel's types; given, it holds for every layout and run saves it with the state).",
        valueName: "points"))
    var distance: Double?

    /// The eye distance: the one given, else `Camera.defaultEyeDistance` (`bench`, `compare`'s
    /// fixed scenes).
    var eyeDistance: Double { distance ?? Camera.defaultEyeDistance }

    /// The eye distance for layout `descriptor`: the one given, else the layout's own
    /// (`LayoutDescriptor.preferredEyeDistance`: 500 for iCarousel's types, 1500 for the seeds).
    func eyeDistance(for descriptor: LayoutDescriptor) -> Double { distance ?? descriptor.preferredEyeDistance }

    func validate() throws {
        guard let distance else { return }
        guard distance.isFinite, Camera.eyeDistanceRange.contains(distance) else {
            throw ValidationError("--camera-distance: \(distance) is outside \(Int(Camera.eyeDistanceRange.lowerBound))…\(Int(Camera.eyeDistanceRange.upperBound)) points")
        }
    }
}
