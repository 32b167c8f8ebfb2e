extension LayoutDescriptor {
    /// iCarousel's eye distance, points: its transforms' m34 = −1/500 (the look its types are
    /// made for; at the seeds' 1500 they look flat).
    public static let iCarouselEyeDistance = 500.0

    /// The descriptor of a carousel type: its options (`CarouselOptions.declared(for:)`), resting
    /// on whole cards, wrapping as its `wrap` default says, a tap bringing a side card to the
    /// centre and opening the current one, pictures fitted whole, seen from iCarousel's eye
    /// distance (`iCarouselEyeDistance`).
    static func carousel(_ type: CarouselType, summary: String) -> LayoutDescriptor {
        LayoutDescriptor(
            name: type.name, summary: summary, options: CarouselOptions.declared(for: type),
            behavior: LayoutBehavior(
                resting: .snapsToCards, wraps: type.wrapsByDefault, tap: .opensCard, interaction: .carousel,
                helpLines: ["  click a card     to the centre; again: open it (carousels)"]),
            preferredEyeDistance: iCarouselEyeDistance,
            make: { CarouselLayout(type: type, options: CarouselOptions(type: type, values: $0)) })
    }
}
