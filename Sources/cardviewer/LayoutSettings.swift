import ArgumentParser
import CardLayout

/// `--set NAME=VALUE` (repeatable): options of the chosen layout (`cardviewer layouts` lists
/// them with their defaults and ranges).
struct LayoutSettings: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Set an option of the layout, e.g. --set radius=700 (repeatable; values: numbers, true/false, inf/-inf).",
        valueName: "name=value"))
    var assignments: [String] = []

    /// The option values for `layout`: its defaults with the assignments on top.
    ///
    /// - Throws: `ValidationError` (exit status 2) naming the layout's options and their ranges.
    func values(for layout: LayoutKind) throws -> LayoutOptionValues {
        do {
            return try layout.descriptor.values(setting: assignments)
        } catch {
            throw ValidationError("--set: \(error)")
        }
    }
}
