import CardJSON
import CardMath
import CardRendering

/// The comparison's report: JSON for machines, a table for people; both from the same numbers.
public enum ComparisonReport {
    /// `{"size":…,"renderer":…,"tolerance":…,"scenes":[{"name":…,"pixels":…,"orderings":{"zindex":
    /// {"wrongFraction":…,…},"depth":{…},"depth-sorted":{…}},…}]}`, keys in this order, one scene per line.
    public static func json(_ comparisons: [SceneComparison], pixels: PixelSize, renderer: String, tolerance: Int) -> String {
        var out = "{\"size\":{\"width\":\(pixels.width),\"height\":\(pixels.height)},"
            + "\"renderer\":\(string(renderer)),\"tolerance\":\(tolerance),\"scenes\":["
        for (n, comparison) in comparisons.enumerated() {
            out += (n == 0 ? "\n" : ",\n") + scene(comparison)
        }
        return out + (comparisons.isEmpty ? "]}" : "\n]}")
    }

    /// One scene's object.
    static func scene(_ c: SceneComparison) -> String {
        var out = "{\"name\":\(string(c.scene.name)),\"summary\":\(string(c.scene.summary)),"
            + "\"pixels\":\(c.pixels),\"countedPixels\":\(c.mask.countedCount),\"excludedPixels\":\(c.mask.excludedCount),"
            + "\"cards\":\(c.reference.cardCount),\"translucentCards\":\(c.scene.translucentCount),"
            + "\"referenceMilliseconds\":\(number(c.referenceMilliseconds)),\"orderings\":{"
        for (n, result) in c.results.enumerated() {
            let d = result.difference
            out += (n == 0 ? "" : ",") + "\(string(result.name)):{\"wrongFraction\":\(number(d.wrongFraction)),"
                + "\"wrongPixels\":\(d.wrongPixels),\"maxChannelError\":\(d.maxChannelError),"
                + "\"milliseconds\":\(number(result.milliseconds)),\"drawCalls\":\(result.stats.drawCalls),"
                + "\"peeledLayers\":\(result.stats.peeledLayers)}"
        }
        return out + "}}"
    }

    /// The table: one row per scene, wrong percentages per ordering, frame times, layers peeled.
    public static func table(_ comparisons: [SceneComparison]) -> String {
        let header = ["scene", "cards", "counted", "excluded", "zindex", "depth", "depth-sorted",
                      "zindex ms", "depth ms", "sorted ms", "layers"]
        var rows = [header]
        for c in comparisons {
            let zindex = c.result("zindex"), depth = c.result("depth"), sorted = c.result("depth-sorted")
            rows.append([c.scene.name, "\(c.reference.cardCount)", "\(c.mask.countedCount)", "\(c.mask.excludedCount)",
                         wrong(zindex), wrong(depth), wrong(sorted),
                         time(zindex), time(depth), time(sorted), "\(depth?.stats.peeledLayers ?? 0)"])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    private static func wrong(_ result: OrderingResult?) -> String {
        result.map { SceneComparison.percent($0.difference.wrongFraction) } ?? "-"
    }

    private static func time(_ result: OrderingResult?) -> String {
        guard let ms = result?.milliseconds else { return "-" }
        let tenths = Int((ms * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A finite number in Swift's shortest round-trip form; non-finite ones (never expected) as 0.
    static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }

    /// A JSON string literal (`JSONText`).
    static func string(_ text: String) -> String { JSONText.string(text) }
}
