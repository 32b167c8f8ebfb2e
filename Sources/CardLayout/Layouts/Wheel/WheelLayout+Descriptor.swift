extension LayoutKind {
    public static let wheel = LayoutKind("wheel")
}

extension LayoutDescriptor {
    /// The spinning wheel (seed 004, SPEC §2.5).
    public static let wheel = LayoutDescriptor(
        name: "wheel", summary: "the spinning wheel (seed 004)",
        options: [
            LayoutOption("radius", default: 500, range: WheelLayout.radiusRange, help: "distance from a card's centre to the hub, points ([ and ] change it)"),
        ],
        behavior: LayoutBehavior(
            resting: .snapsToCards, interaction: .spinningWheel,
            helpLines: ["  [ ]              wheel radius smaller / larger (wheel)"]),
        make: { WheelLayout(radius: $0["radius"]) })
}

extension WheelLayout {
    /// The radii the wheel takes, points: the option's range, and where `[` and `]` stop.
    public static let radiusRange = 200.0...2000.0
}
