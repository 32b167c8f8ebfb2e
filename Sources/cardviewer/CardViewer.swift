import ArgumentParser

/// The `cardviewer` command: argument parsing and wiring only.
struct CardViewer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardviewer",
        abstract: "Collections of cards in true 3D on the GPU: five iOS card layouts on OpenGL.",
        version: CardViewerVersion.line,
        subcommands: [
            RunCommand.self,
            RenderCommand.self,
            CompareCommand.self,
            LayoutCommand.self,
            LayoutsCommand.self,
            KeysCommand.self,
            ListCommand.self,
            BenchCommand.self,
            ExportCommand.self,
            RecordCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
