import CardLayout
@testable import CardViewerCore
import Testing

/// The options panel's steps: derived from each option's kind and range, kept in range, on a
/// decimal grid, through ±∞ where the option's default is infinite.
@Suite struct OptionSteppingTests {
    @Test("steps: a hundredth of the range rounded down to 1, 2 or 5; whole numbers and flags 1")
    func steps() {
        #expect(OptionStepping.step(of: LayoutOption("pitch", default: 160, range: 40...2000, help: "")) == 10)
        #expect(OptionStepping.step(of: LayoutOption("scale", default: 0.6, range: 0.1...1, help: "")) == 0.005)
        #expect(OptionStepping.step(of: LayoutOption("spacing", default: 20, range: 0...400, help: "")) == 2)
        #expect(OptionStepping.step(of: LayoutOption("angle", default: -60, range: -90...0, help: "")) == 0.5)
        #expect(OptionStepping.step(of: LayoutOption("count", default: 5, range: 1...20, kind: .whole, help: "")) == 1)
        #expect(OptionStepping.step(of: .flag("wrap", default: true, help: "")) == 1)
        #expect(OptionStepping.step(of: LayoutOption("fadeMax", default: .infinity, range: -.infinity...(.infinity), help: "")) == 0.1)
        #expect(OptionStepping.step(of: LayoutOption("width", default: 300, range: 1...(.infinity), help: "")) == 20)
        // A wide range and a small value: a twentieth of the value, not a hundredth of the range.
        let spacing = LayoutOption("spacing", default: 1, range: 0.01...100, help: "")
        #expect(OptionStepping.step(of: spacing) == 0.05)
        #expect(OptionStepping.step(of: spacing, near: 4) == 0.2)
        #expect(OptionStepping.value(1, of: spacing, movedBy: 1) == 1.05)
        let radius = LayoutOption("radius", default: 0, range: 0...100_000, help: "")
        #expect(OptionStepping.step(of: radius) == 1000)
        #expect(OptionStepping.step(of: radius, near: 1000) == 50)
    }

    @Test("values move on a decimal grid and stop at the range's ends")
    func values() {
        let scale = LayoutOption("scale", default: 0.6, range: 0.1...1, help: "")
        #expect(OptionStepping.value(0.6, of: scale, movedBy: 2) == 0.61)
        #expect(OptionStepping.value(0.6, of: scale, movedBy: -20) == 0.5)
        #expect(OptionStepping.value(0.98, of: scale, movedBy: 10) == 1)
        #expect(OptionStepping.value(0.12, of: scale, movedBy: -10) == 0.1)
        let count = LayoutOption("count", default: 5, range: 1...20, kind: .whole, help: "")
        #expect(OptionStepping.value(5, of: count, movedBy: 10) == 15)
        #expect(OptionStepping.value(15, of: count, movedBy: 10) == 20)
        let flag = LayoutOption.flag("wrap", default: false, help: "")
        #expect(OptionStepping.value(0, of: flag, movedBy: 1) == 1)
        #expect(OptionStepping.value(1, of: flag, movedBy: -1) == 0)
        #expect(OptionStepping.value(1, of: flag, movedBy: 10) == 1)
        for value in [0.6, 0.105, 0.995] {
            for steps in [-10.0, -1, 1, 10] {
                #expect(scale.accepts(OptionStepping.value(value, of: scale, movedBy: steps)))
            }
        }
    }

    @Test("from ±∞ the first step lands on a finite value; past the limit an infinite default comes back")
    func infinity() {
        let fadeMax = LayoutOption("fadeMax", default: .infinity, range: -.infinity...(.infinity), help: "")
        #expect(OptionStepping.value(.infinity, of: fadeMax, movedBy: -1) == 10)
        #expect(OptionStepping.value(.infinity, of: fadeMax, movedBy: 1) == .infinity)
        #expect(OptionStepping.value(10, of: fadeMax, movedBy: 1) == .infinity)
        // Unbounded: a tenth of the value's size a step.
        #expect(OptionStepping.value(10, of: fadeMax, movedBy: -1) == 9)
        #expect(OptionStepping.value(1, of: fadeMax, movedBy: -1) == 0.9)
        let fadeMin = LayoutOption("fadeMin", default: -.infinity, range: -.infinity...(.infinity), help: "")
        #expect(OptionStepping.value(-.infinity, of: fadeMin, movedBy: 1) == -10)
        #expect(OptionStepping.value(-10, of: fadeMin, movedBy: -1) == -.infinity)
        let width = LayoutOption("width", default: 300, range: 1...(.infinity), help: "")
        #expect(OptionStepping.value(1990, of: width, movedBy: 10) == 3000, "a finite default never becomes ∞")
    }

    @Test("the panel's text: a title, a row per option with value and range, the picked one marked")
    func lines() throws {
        var values = LayoutDescriptor.grid.defaultValues
        try values.set("spacing", to: 30)
        let lines = OptionsPanel.lines(layout: "grid", options: LayoutDescriptor.grid.options, values: values, picked: 1)
        #expect(lines[0] == "Options of grid")
        #expect(lines[OptionsPanel.headerLines].hasPrefix("  minimumCardWidth  240 "))
        #expect(lines[OptionsPanel.headerLines + 1].hasPrefix("> spacing           30* "))
        #expect(lines[OptionsPanel.headerLines + 1].hasSuffix("0..400"))
        #expect(lines.contains("  gap between cards, points"))
        let none = OptionsPanel.lines(layout: "plain", options: [], values: LayoutOptionValues(options: []), picked: 0)
        #expect(none.contains("  plain has no options"))
        #expect(OptionsPanel.ascii("0…2π, −1 × 3°") == "0..2pi, -1 x 3 deg")
        #expect(OptionsPanel.shortNumbers("6.283185307179586") == "6.2832")
        #expect(OptionsPanel.shortNumbers("0.01..6.283185307179586") == "0.01..6.2832")
        #expect(OptionsPanel.shortNumbers("auto, 0..100000, 1.00001") == "auto, 0..100000, 1")
        #expect(OptionsPanel.shortNumbers("-inf..inf 0.005") == "-inf..inf 0.005")
    }
}
