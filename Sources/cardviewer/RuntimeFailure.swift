import ArgumentParser
import CardPictureDecoding
import CardRendering
import Foundation

/// A failure at run time that the user can act on: reported as one line, exit status 1.
struct RuntimeFailure: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Writes one line to standard error, its control characters escaped (`TerminalText`): the
/// messages name files, whose names may hold any bytes.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(line, keepingNewlines: true) + "\n").utf8))
}

/// How a rendering failure ends a command: a frame beyond the OpenGL driver's size limits is bad
/// input (`--size`, exit status 2, naming the limit and its value); anything else is a failure
/// at run time (exit status 1).
func commandFailure(_ error: RenderError) -> Error {
    if case .beyondDriverLimit = error { return ValidationError("--size: \(error.description)") }
    return RuntimeFailure(error.description)
}
