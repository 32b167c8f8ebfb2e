import CExempi
import CExempiQuiet
import Foundation

/// One XMP packet in memory, parsed and serialized by Exempi (Adobe's XMP Toolkit): the only
/// place this module calls the library. Never touches files: bytes in, bytes out.
///
/// **Thread-safety.** Every Exempi call of the process goes through `XMPDocument.library`, one
/// lock: the toolkit keeps process-wide state (its namespace registry, its last error), and
/// Exempi documents no guarantee for concurrent use, so calls are serialized. A parse of a
/// sidecar takes well under a millisecond, so the lock is never held long.
final class XMPDocument {
    /// The XMP namespace of `xmp:Rating`.
    static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
    /// digiKam's namespace (`digiKam:PickLabel`), as exiv2 and digiKam register it.
    static let digiKamNamespace = "http://www.digikam.org/ns/1.0/"
    /// The project's own namespace: `cardviewer:StarsBeforeReject`.
    static let cardViewerNamespace = "http://ns.cardviewer.dev/1.0/"

    /// The deepest element nesting parsed (`XMPLimits.maximumNesting`).
    static let maximumNesting = XMPLimits.maximumNesting

    private let handle: OpaquePointer

    /// The one lock around every Exempi call, and the library's once-only `xmp_init` with the
    /// namespaces registered.
    private static let library: NSLock = {
        let lock = NSLock()
        _ = xmp_init()
        for (uri, prefix) in [(digiKamNamespace, "digiKam"), (cardViewerNamespace, "cardviewer")] {
            let registered = xmp_string_new()
            _ = xmp_register_namespace(uri, prefix, registered)
            xmp_string_free(registered)
        }
        return lock
    }()

    /// Runs `body` holding the library's lock, with C++'s `std::cerr` off: Exempi writes the
    /// message of every failure it catches there ("XML parsing failure"), and a folder of broken
    /// sidecars would fill the terminal; the store's callers report failures themselves.
    private static func locked<T>(_ body: () throws -> T) rethrows -> T {
        let lock = library
        lock.lock()
        let wasOn = cardviewer_cerr_silence()
        defer {
            cardviewer_cerr_restore(wasOn)
            lock.unlock()
        }
        return try body()
    }

    /// An empty packet (no properties).
    init() {
        handle = Self.locked { xmp_new_empty() }
    }

    /// Parses `bytes` (an XMP packet: `<x:xmpmeta>`, with or without an XML declaration or the
    /// `<?xpacket?>` wrapper; a bare `rdf:RDF` is refused, as the toolkit asks for `x:xmpmeta`);
    /// nil when the toolkit refuses it or it is outside a bound of `XMPLimits` (`XMPPreScan`,
    /// counted before the library sees a byte).
    convenience init?(parsing bytes: [UInt8]) {
        guard !bytes.isEmpty, XMPPreScan(bytes).refusal == nil else { return nil }
        self.init(parsingChecked: bytes)
    }

    /// Parses `bytes` that `XMPPreScan` has passed; nil when the toolkit refuses them.
    init?(parsingChecked bytes: [UInt8]) {
        guard !bytes.isEmpty else { return nil }
        let parsed: OpaquePointer? = Self.locked {
            guard let document = xmp_new_empty() else { return nil }
            let ok = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmp_parse(document, $0, buffer.count)
                }
            }
            if !ok { _ = xmp_free(document); return nil }
            return document
        }
        guard let parsed else { return nil }
        handle = parsed
    }

    deinit { _ = Self.locked { xmp_free(handle) } }

    /// The simple (non-array, non-struct) value of `namespace:name` as text, or nil.
    func string(_ namespace: String, _ name: String) -> String? {
        Self.locked {
            let value = xmp_string_new()
            defer { xmp_string_free(value) }
            var options: UInt32 = 0
            guard xmp_get_property(handle, namespace, name, value, &options),
                  options & UInt32(XMP_PROP_COMPOSITE_MASK.rawValue) == 0,
                  let text = xmp_string_cstr(value) else { return nil }
            return String(cString: text)
        }
    }

    /// `namespace:name` read as a number (XMP writes integers and reals as text: "3", "-1",
    /// "2.0"), or nil when absent or not a finite number.
    func number(_ namespace: String, _ name: String) -> Double? {
        guard let text = string(namespace, name)?.trimmingCharacters(in: .whitespaces),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Sets `namespace:name` to the integer `value` (written as decimal text), replacing what
    /// was there. - Returns: whether the toolkit took it.
    @discardableResult
    func set(_ namespace: String, _ name: String, to value: Int32) -> Bool {
        Self.locked {
            // A struct or array of the same name (a hostile sidecar) is removed first: a simple
            // value cannot replace it.
            _ = xmp_delete_property(handle, namespace, name)
            return xmp_set_property_int32(handle, namespace, name, value, 0)
        }
    }

    /// Removes `namespace:name` if present.
    func remove(_ namespace: String, _ name: String) {
        Self.locked { _ = xmp_delete_property(handle, namespace, name) }
    }

    /// The packet as a sidecar file's bytes: an XML declaration, then `<x:xmpmeta>` in the
    /// toolkit's compact form (simple properties as attributes of `rdf:Description`), without
    /// the `<?xpacket?>` wrapper or padding, as darktable and digiKam write their sidecars.
    func serializedSidecar() -> [UInt8]? {
        Self.locked {
            let buffer = xmp_string_new()
            defer { xmp_string_free(buffer) }
            let options = UInt32(XMP_SERIAL_OMITPACKETWRAPPER | XMP_SERIAL_USECOMPACTFORMAT)
            guard xmp_serialize(handle, buffer, options, 0), let text = xmp_string_cstr(buffer) else { return nil }
            let body = UnsafeRawBufferPointer(start: text, count: xmp_string_len(buffer))
            let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8
            var bytes: [UInt8] = []
            bytes.reserveCapacity(declaration.count + body.count)  // one copy of a large packet, not three
            bytes.append(contentsOf: declaration)
            bytes.append(contentsOf: body)
            return bytes
        }
    }

    /// The deepest nesting of elements in `bytes`, counted lexically (`XMPPreScan.depth`).
    static func nestingDepth(of bytes: [UInt8]) -> Int {
        XMPPreScan(bytes).depth
    }
}
