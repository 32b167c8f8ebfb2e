import ArgumentParser
import CardLayout

/// `cardviewer layouts`: every registered layout with its key, behaviour and options (their
/// defaults and ranges) — as text, as JSON for tools, or as README's Markdown table.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List every layout with its options, defaults and ranges.",
        discussion: """
            --json writes {"layouts":[{"name","summary","key","scrollAxis","resting","wraps","tap",\
            "interaction","options":[{"name","kind","default","minimum","maximum"[,"auto"],"help"}]}]}; \
            infinite numbers are the strings "inf" and "-inf"; "auto", where present, is the value \
            that lets the layout compute the option (listed as auto); key is null past the tenth \
            layout (L reaches every layout in the viewer).
            """
    )

    @Flag(help: "Write JSON for tools.")
    var json = false

    @Flag(help: "Write the Markdown table of README.md's layout section.")
    var markdown = false

    @Option(name: .customLong("layout-file"), help: ArgumentHelp(
        "Also list the layout of this JSON file (docs/LAYOUT-FILES.md), after the others.", valueName: "file"))
    var layoutFile: String?

    func validate() throws {
        if json && markdown { throw ValidationError("--json and --markdown: choose one") }
        if let layoutFile { _ = try LayoutFileArgument.kind(layoutFile) }
    }

    func run() throws {
        let layouts = LayoutRegistry.shared.all
        if json {
            print(LayoutListing.json(layouts))
        } else if markdown {
            print(LayoutListing.markdown(layouts), terminator: "")
        } else {
            print(LayoutListing.text(layouts), terminator: "")
        }
    }
}
