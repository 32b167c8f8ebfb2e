import CardTestSupport
import Testing

extension WindowDriver {
    /// Expects the script and the viewer of a one-shot run to have ended well; false (with the
    /// issues recorded) when the viewer did not end, so the caller stops there.
    static func expectEnded(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        #expect(outcome.scriptStatus == 0, "\(outcome.scriptErrors)", sourceLocation: sourceLocation)
        #expect(outcome.viewerExited, "the viewer was still running 60 s after the script", sourceLocation: sourceLocation)
        guard outcome.viewerExited else { return false }
        #expect(outcome.viewerStatus == 0, "\(outcome.viewerErrors)", sourceLocation: sourceLocation)
        return true
    }
}
