import Foundation

/// The report as JSON (schema `cardviewer-bench/2`, documented in docs/formats/bench-json.md; `bench --images`
/// adds its `images` object): keys sorted, pretty-printed, times in nanoseconds.
public enum BenchmarkJSON {
    public static func encode(_ report: BenchmarkReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }

    public static func decode(_ text: String) throws -> BenchmarkReport {
        try JSONDecoder().decode(BenchmarkReport.self, from: Data(text.utf8))
    }
}
