import CardLayout
import CardPacking
import CardPixels
import CardRendering

extension RGBAImage {
    /// The card an identity-shaded frame shows at pixel (x, y), or `nil` for the background.
    func identity(x: Int, y: Int) -> CardID? {
        let p = self[x, y]
        return IdentityColor.id(red: p.r, green: p.g, blue: p.b)
    }
}
