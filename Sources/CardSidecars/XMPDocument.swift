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
    /// darktable's namespace (`darktable:colorlabels`), as darktable writes its sidecars.
    static let darktableNamespace = "http://darktable.sf.net/"
    /// The most items of an array property read (`arrayItems`).
    static let maximumArrayItems = 32

    /// The deepest element nesting parsed (`XMPLimits.maximumNesting`).
    static let maximumNesting = XMPLimits.maximumNesting

    private let handle: OpaquePointer

    /// The one lock around every Exempi call, and the library's once-only `xmp_init` with the
    /// namespaces registered.
    private static let library: NSLock = {
        let lock = NSLock()
        _ = xmp_init()
        for (uri, prefix) in [(digiKamNamespace, "digiKam"), (cardViewerNamespace, "cardviewer"), (darktableNamespace, "darktable")] {
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
        let scan = XMPPreScan(bytes)
        guard !bytes.isEmpty, scan.refusal == nil else { return nil }
        self.init(parsingChecked: bytes, scan: scan)
    }

    /// Parses `bytes` that `XMPPreScan` has passed (`scan`); nil when the toolkit refuses them.
    /// A large parse (`largeParse`) first waits until no other large document is alive.
    init?(parsingChecked bytes: [UInt8], scan: XMPPreScan) {
        let large = scan.estimatedParsedBytes >= Self.largeParse
        if large { Self.largeDocuments.wait() }
        guard let parsed = Self.parse(bytes) else {
            if large { Self.releaseLarge() }
            return nil
        }
        handle = parsed
        isLarge = large
    }

    /// A parse estimated (`XMPPreScan.estimatedParsedBytes`) to take at least this many bytes
    /// (4 MB) is large: at most one large document is alive at a time in the process, and its
    /// memory goes back to the system when it is freed (`malloc_trim`). Marks are read on one
    /// thread and written on another, so a key pressed while a large sidecar is read would
    /// otherwise hold two of its trees at once (measured: 79 MB over a control run for a packet
    /// of 94,600 `rdf:li`, see `SidecarViewerRunTests`), and freed arenas of two threads add up.
    /// Real sidecars (tens of KiB) are far below it and never wait.
    static let largeParse = 4_000_000

    /// Held by the large document alive (a semaphore: released by whichever thread frees it).
    private static let largeDocuments = DispatchSemaphore(value: 1)

    /// Whether this document holds `largeDocuments`.
    private var isLarge = false

    /// Gives freed memory back to the system and lets the next large document be parsed.
    private static func releaseLarge() {
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
        largeDocuments.signal()
    }

    /// Exempi's document for `bytes`, or nil when the toolkit refuses them.
    private static func parse(_ bytes: [UInt8]) -> OpaquePointer? {
        guard !bytes.isEmpty else { return nil }
        return locked {
            guard let document = xmp_new_empty() else { return nil }
            let ok = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmp_parse(document, $0, buffer.count)
                }
            }
            if !ok { _ = xmp_free(document); return nil }
            return document
        }
    }

    deinit {
        _ = Self.locked { xmp_free(handle) }
        if isLarge { Self.releaseLarge() }
    }

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

    /// The items of the array `namespace:name` as text (at most `maximumArrayItems`; items that
    /// are not simple values left out), or nil when it is absent or not an array.
    func arrayItems(_ namespace: String, _ name: String) -> [String]? {
        Self.locked {
            let value = xmp_string_new()
            defer { xmp_string_free(value) }
            var options: UInt32 = 0
            guard xmp_get_property(handle, namespace, name, value, &options),
                  options & UInt32(XMP_PROP_VALUE_IS_ARRAY.rawValue) != 0 else { return nil }
            var items: [String] = []
            var index: Int32 = 1  // XMP arrays count from 1
            while index <= Int32(Self.maximumArrayItems), xmp_get_array_item(handle, namespace, name, index, value, &options) {
                if options & UInt32(XMP_PROP_COMPOSITE_MASK.rawValue) == 0, let text = xmp_string_cstr(value) {
                    items.append(String(cString: text))
                }
                index += 1
            }
            return items
        }
    }

    /// Sets `namespace:name` to the text `value`, replacing what was there.
    /// - Returns: whether the toolkit took it.
    @discardableResult
    func set(_ namespace: String, _ name: String, to value: String) -> Bool {
        Self.locked {
            _ = xmp_delete_property(handle, namespace, name)
            return xmp_set_property(handle, namespace, name, value, 0)
        }
    }

    /// Sets `namespace:name` to an ordered array (`rdf:Seq`) of `items`, replacing what was there.
    /// - Returns: whether the toolkit took every item.
    @discardableResult
    func setSequence(_ namespace: String, _ name: String, to items: [String]) -> Bool {
        Self.locked {
            _ = xmp_delete_property(handle, namespace, name)
            var ok = true
            for item in items {
                ok = xmp_append_array_item(handle, namespace, name, UInt32(XMP_PROP_ARRAY_IS_ORDERED.rawValue), item, 0) && ok
            }
            return ok
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

#if canImport(Glibc)
/// glibc's `malloc_trim(pad)` (<malloc.h>, which the Glibc module does not bring in): gives the
/// free memory of every malloc arena back to the system; returns 1 when some was.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
