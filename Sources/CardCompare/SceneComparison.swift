import CardPacking
import CardPixels
import CardRendering

/// How one way of drawing fared against the reference.
public struct OrderingResult: Sendable {
    /// "zindex", "depth" (depth buffer, translucency peeled) or "depth-sorted" (depth buffer,
    /// translucent cards sorted back to front).
    public var name: String
    public var ordering: RenderOrdering
    public var translucency: Translucency
    /// The frame read back.
    public var image: RGBAImage
    public var difference: ImageDifference
    /// The median time of one frame (render and wait for it), milliseconds.
    public var milliseconds: Double
    /// The last frame's statistics (draw calls, peeled layers).
    public var stats: RenderStats
}

/// One scene compared: the reference, the mask, and each ordering's result.
public struct SceneComparison: Sendable {
    public var scene: CompareScene
    public var reference: ReferenceImage
    public var mask: ExclusionMask
    /// zindex, depth, depth-sorted, in that order.
    public var results: [OrderingResult]
    /// Time to compute the reference, milliseconds.
    public var referenceMilliseconds: Double

    /// Pixels in the image.
    public var pixels: Int { reference.width * reference.height }

    /// The result of the ordering named `name`.
    public func result(_ name: String) -> OrderingResult? { results.first { $0.name == name } }

    /// The picture: zindex, depth and the reference side by side, wrong pixels magenta, the
    /// pixels not counted lightened on the reference.
    public func sideBySide() -> RGBAImage {
        var panels: [SideBySide.Panel] = []
        for name in ["zindex", "depth"] {
            guard let result = result(name) else { continue }
            panels.append(SideBySide.Panel(title: "\(name): \(Self.percent(result.difference.wrongFraction)) wrong",
                                           image: result.image, wrong: result.difference.wrong))
        }
        panels.append(SideBySide.Panel(title: "reference (light: not counted)", image: reference.image, faded: mask.excluded))
        return SideBySide.compose(caption: "\(scene.name): \(scene.summary)", panels: panels)
    }

    /// A fraction as a percentage with two decimals, "12.34%".
    public static func percent(_ fraction: Double) -> String {
        let hundredths = Int((fraction * 10_000).rounded())
        let whole = hundredths / 100, rest = hundredths % 100
        return "\(whole).\(rest < 10 ? "0" : "")\(rest)%"
    }
}
