import ArgumentParser
import CardViewerCore

/// `cardviewer keys`: every view's key table (SPEC §10: one key table per view), the same data
/// the help (`?`) draws — as the help shows it, or as README's Markdown keys block.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every view's keys and gestures, as the help (?) shows them.",
        discussion: """
            One section per view, from the layouts up to the help. The keys are the same for a deck \
            of pictures and one of generated cards; the layout picker lists the registered layouts.
            """
    )

    @Flag(help: "Write the Markdown of README.md's keys block (the layout picker left out: see `cardviewer layouts`).")
    var markdown = false

    func run() throws {
        let tables = ViewerSession.viewKeyTables
        print(markdown ? KeyListing.markdown(tables) : KeyListing.text(tables), terminator: "")
    }
}
