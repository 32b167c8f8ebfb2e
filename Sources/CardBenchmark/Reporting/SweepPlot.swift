import Foundation

/// A plot of how the cost grows with the card count, as a hand-written SVG: log–log axes,
/// card count across, median CPU time per frame up, one line per layout × scope × path
/// (`BenchmarkReport.growth`). A flat line is a cost independent of the deck size; a line
/// rising at 45° grows in proportion to it.
public enum SweepPlot {
    static let width = 760.0, plotHeight = 460.0
    static let left = 80.0, right = 230.0, top = 40.0, bottom = 60.0
    static let legendLine = 18.0
    static let colors = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// The SVG document; a plot with a note instead of lines when nothing grew (no sweep).
    public static func svg(_ report: BenchmarkReport) -> String {
        let series = report.growth
        // Tall enough for the legend, one line per series.
        let height = max(plotHeight, top + 10 + Double(series.count) * legendLine + bottom)
        let xs = series.flatMap { $0.points.map { Double($0.cards) } }.filter { $0 > 0 }
        let ys = series.flatMap { $0.points.map { $0.cpu / 1000 } }.filter { $0 > 0 }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="24" font-size="15">cardviewer bench: median CPU time per frame vs card count \
            (\(escape(report.machine.cpu)))</text>

            """
        guard let xLow = xs.min(), let xHigh = xs.max(), let yLow = ys.min(), let yHigh = ys.max() else {
            return out + "<text x=\"\(left)\" y=\"\(top + 40)\">no sweep: run with --sweep</text>\n</svg>\n"
        }
        let x0 = log10(xLow).rounded(.down), x1 = max(log10(xHigh).rounded(.up), x0 + 1)
        let y0 = log10(yLow).rounded(.down), y1 = max(log10(yHigh).rounded(.up), y0 + 1)
        let plotW = width - left - right, plotH = height - top - bottom
        func px(_ cards: Double) -> Double { left + (log10(cards) - x0) / (x1 - x0) * plotW }
        func py(_ micros: Double) -> Double { top + plotH - (log10(micros) - y0) / (y1 - y0) * plotH }
        out += "<g stroke=\"#ccc\">\n"
        for d in stride(from: x0, through: x1, by: 1) {
            out += line(px(pow(10, d)), top, px(pow(10, d)), top + plotH)
        }
        for d in stride(from: y0, through: y1, by: 1) {
            out += line(left, py(pow(10, d)), left + plotW, py(pow(10, d)))
        }
        out += "</g>\n<g stroke=\"black\">\n" + line(left, top + plotH, left + plotW, top + plotH) + line(left, top, left, top + plotH) + "</g>\n"
        for d in stride(from: x0, through: x1, by: 1) {
            out += text(px(pow(10, d)), top + plotH + 18, label(pow(10, d)), anchor: "middle")
        }
        for d in stride(from: y0, through: y1, by: 1) {
            out += text(left - 8, py(pow(10, d)) + 4, label(pow(10, d)), anchor: "end")
        }
        out += text(left + plotW / 2, height - 16, "cards in the deck", anchor: "middle")
        out += "<text transform=\"translate(20 \(top + plotH / 2)) rotate(-90)\" text-anchor=\"middle\">µs per frame (cpu, median)</text>\n"
        for (i, s) in series.enumerated() {
            let color = colors[i % colors.count]
            let points = s.points.filter { $0.cards > 0 && $0.cpu > 0 }
                .map { "\(fmt(px(Double($0.cards)))),\(fmt(py($0.cpu / 1000)))" }
            out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
            for p in points {
                let xy = p.split(separator: ",")
                out += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(color)\"/>\n"
            }
            let legendY = top + 10 + Double(i) * legendLine
            out += line(left + plotW + 16, legendY, left + plotW + 40, legendY, color: color, width: 2)
            out += text(left + plotW + 46, legendY + 4, escape(s.label), anchor: "start")
        }
        return out + "</svg>\n"
    }

    static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String? = nil, width: Double? = nil) -> String {
        let style = (color.map { " stroke=\"\($0)\"" } ?? "") + (width.map { " stroke-width=\"\(fmt($0))\"" } ?? "")
        return "<line x1=\"\(fmt(x1))\" y1=\"\(fmt(y1))\" x2=\"\(fmt(x2))\" y2=\"\(fmt(y2))\"\(style)/>\n"
    }

    static func text(_ x: Double, _ y: Double, _ content: String, anchor: String) -> String {
        "<text x=\"\(fmt(x))\" y=\"\(fmt(y))\" text-anchor=\"\(anchor)\">\(content)</text>\n"
    }

    /// 1000 → "1k", 1e6 → "1M", 0.1 → "0.1".
    static func label(_ value: Double) -> String {
        switch value {
        case 1e9...: "\(TextReport.number(value / 1e9))G"
        case 1e6...: "\(TextReport.number(value / 1e6))M"
        case 1e3...: "\(TextReport.number(value / 1e3))k"
        default: value >= 1 ? TextReport.number(value) : String(format: "%g", value)
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
