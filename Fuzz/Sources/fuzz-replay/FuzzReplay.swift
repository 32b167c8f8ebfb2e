import CardViewerCore
import Foundation
import FuzzMain

/// One libFuzzer input: a replay script parsed by `ReplayScript.parse`. Only `ReplayError`
/// may come out; a parsed script's events are in time order and end no earlier than the last.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    do {
        let script = try ReplayScript.parse(data.map { Data(bytes: $0, count: count) } ?? Data(), name: "fuzz.json")
        precondition(script.end.isFinite)
    } catch is ReplayError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_replay_main`): libFuzzer's driver.
@_cdecl("fuzz_replay_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzReplay($0, $1) }
}
