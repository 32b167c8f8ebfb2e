import CardTestSupport
import CardViewerCore
import Testing

/// `cardviewer run --help` says the keys from the views' own key tables (issue 34: its summary,
/// written by hand, had lost P, X, the stars, V, Enter and F): every row of the layout view's
/// keys and of the photo view's table is there.
@Suite struct RunHelpKeysTests {
    @Test("run --help names every key the layout view's and the photo view's help tables name")
    func helpNamesEveryKey() throws {
        let outcome = try ChildProcess.runViewer(["run", "--help"])
        #expect(outcome.status == 0)
        // The help wraps its text: compare with the spaces and line breaks folded.
        let help = outcome.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for summary in [ViewerSession.layoutKeySummary, ViewerSession.photoViewKeySummary] {
            for row in summary.components(separatedBy: "; ") {
                let folded = row.split(separator: " ").joined(separator: " ")
                #expect(help.contains(folded), "run --help lacks '\(row)'")
            }
        }
        for key in ["P, X", "V filter", "Enter, Space", "F, F11", "Shift+mark", "I info", "G histogram", "C compare", "E export"] {
            #expect(help.contains(key), "run --help lacks \(key)")
        }
    }
}
