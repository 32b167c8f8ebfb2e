import ArgumentParser
import CardFiles
import Foundation

// Exit statuses: 0 success; 2 bad command-line input (one line, listing the valid values);
// 1 a failure at run time (no display, no OpenGL 3.3, a shader that does not compile, an
// unwritable file). Never a crash trace.
MallocTuning.apply()
do {
    // From argv as bytes: a file name that is not UTF-8 keeps its bytes (`PathBytes`), where
    // `CommandLine.arguments` would replace them and lose the file. Long runs of PATHs are
    // kept from the parser, which is quadratic in them (`PathRuns`).
    var command = try CardViewer.parseAsRoot(PathRuns.collapsed(PathRuns.arguments))
    try command.run()
} catch let failure as RuntimeFailure {
    printError("error: \(failure.message)")
    exit(1)
} catch {
    let code = CardViewer.exitCode(for: error)
    if code == .success {
        CardViewer.exit(withError: error)  // --help, --version: print and exit 0
    }
    let message = PathRuns.restored(CardViewer.message(for: error))
    let lines = message.split(separator: "\n").map(String.init)
    var firstLine = lines.first ?? message
    if firstLine.hasSuffix("one of the following:") {
        // Six values or more come as a bulleted list (the layouts): folded into the one line.
        firstLine += " " + lines.dropFirst().map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " -")) }
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }
    let text = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst("Error: ".count)) : firstLine
    printError("error: " + CommandLineInput.explained(text))
    exit(code == .validationFailure ? 2 : 1)
}
