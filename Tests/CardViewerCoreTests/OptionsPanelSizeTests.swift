import CardLayout
@testable import CardViewerCore
import Testing

/// The options panel keeps one size while Up/Down move the pick (issue 34: it changed width per
/// row, the picked option's help being one line of its own length): the help wraps within the
/// rows' width and takes as many lines as the longest help of the layout.
@Suite struct OptionsPanelSizeTests {
    @Test("every layout's panel has the same lines count and width whichever option is picked")
    func oneSizePerLayout() {
        for descriptor in LayoutRegistry.shared.all where descriptor.options.count > 1 {
            let values = descriptor.defaultValues
            let panels = descriptor.options.indices.map {
                OptionsPanel.lines(layout: descriptor.name, options: descriptor.options, values: values, picked: $0)
            }
            let counts = Set(panels.map(\.count)), widths = Set(panels.map { $0.map(\.count).max() ?? 0 })
            #expect(counts.count == 1, "\(descriptor.name): line counts \(counts.sorted())")
            #expect(widths.count == 1, "\(descriptor.name): widths \(widths.sorted())")
            for (index, option) in descriptor.options.enumerated() where !option.help.isEmpty {
                // Compared without spaces: a word longer than the width (a path) is cut where it must.
                let words = OptionsPanel.ascii(option.help).filter { $0 != " " }
                let shown = panels[index].dropFirst(OptionsPanel.headerLines + descriptor.options.count).joined().filter { $0 != " " }
                #expect(shown.contains(words), "\(descriptor.name).\(option.name): its help is shown whole")
            }
        }
    }
}
