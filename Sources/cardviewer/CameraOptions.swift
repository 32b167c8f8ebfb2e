import ArgumentParser
import CardMath

/// `--camera-distance D`: the shared camera's eye distance from the plane z = 0 in points
/// (SPEC §1, §8), within `Camera.eyeDistanceRange` (docs/LIMITS.md). Core Animation's
/// `m34 = −1/D`: 1500 is the seeds', 500 iCarousel's.
struct CameraOptions: ParsableArguments {
    @Option(name: .customLong("camera-distance"), help: ArgumentHelp(
        "The camera's distance from the cards' plane in points, \(Int(Camera.eyeDistanceRange.lowerBound))…\(Int(Camera.eyeDistanceRange.upperBound)) (default \(Int(Camera.defaultEyeDistance)); 500 looks like iCarousel; run saves it with the state).",
        valueName: "points"))
    var distance: Double?

    /// The eye distance: the one given, else `Camera.defaultEyeDistance`.
    var eyeDistance: Double { distance ?? Camera.defaultEyeDistance }

    func validate() throws {
        guard let distance else { return }
        guard distance.isFinite, Camera.eyeDistanceRange.contains(distance) else {
            throw ValidationError("--camera-distance: \(distance) is outside \(Int(Camera.eyeDistanceRange.lowerBound))…\(Int(Camera.eyeDistanceRange.upperBound)) points")
        }
    }
}
