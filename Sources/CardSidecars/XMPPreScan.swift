/// What Exempi would build from an XMP packet, counted lexically from its bytes in one pass
/// before the library sees them (SPEC §11): nodes (elements, attributes, runs of text), the
/// deepest nesting, namespace declarations and sibling work (`XMPLimits`). Never allocates more
/// than a stack of `XMPLimits.maximumNesting` counters.
///
/// The count is an over-estimate by design: `<name …>` opens an element, `</name>` and
/// `<name …/>` close one, every `=` in an opening tag is an attribute (quotes respected), every
/// run of bytes between tags is text; `<?…>` and `<!…>` count nothing (text inside comments or
/// CDATA may count as tags: an over-estimate only refuses sooner).
public struct XMPPreScan: Equatable, Sendable {
    /// The packet's size in bytes.
    public var size = 0
    /// Elements, attributes and runs of text.
    public var nodes = 0
    /// The deepest nesting of elements.
    public var depth = 0
    /// `xmlns` and `xmlns:prefix` attributes.
    public var namespaces = 0
    /// Σ (named children + attributes)² over elements (see `XMPLimits.maximumSiblingWork`).
    public var siblingWork = 0

    /// Counts `bytes` (of any size: the caller checks `XMPLimits.maximumSize` first).
    public init(_ bytes: [UInt8]) {
        size = bytes.count
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    /// The memory Exempi would take to parse and rewrite the packet, in bytes.
    public var estimatedParsedBytes: Int {
        nodes.multipliedReportingOverflow(by: XMPLimits.parsedBytesPerNode).partialValue
            + size * XMPLimits.parsedBytesPerByte
    }

    /// Why the packet is refused, as one clause ("it is 5,000,000 bytes, over …"), or nil when
    /// it is within every bound of `XMPLimits`.
    public var refusal: String? {
        if size > XMPLimits.maximumSize {
            return "it is \(size) bytes, over the limit of \(XMPLimits.maximumSize) bytes for XMP"
        }
        if depth > XMPLimits.maximumNesting {
            return "it nests elements \(depth) deep, over the limit of \(XMPLimits.maximumNesting)"
        }
        if namespaces > XMPLimits.maximumNamespaces {
            return "it declares \(namespaces) namespaces, over the limit of \(XMPLimits.maximumNamespaces)"
        }
        if estimatedParsedBytes > XMPLimits.maximumParsedBytes {
            let megabytes = estimatedParsedBytes / 1_000_000
            return "its \(nodes) XML nodes would take about \(megabytes) MB parsed, over the limit of \(XMPLimits.maximumParsedBytes / 1_000_000) MB"
        }
        if siblingWork > XMPLimits.maximumSiblingWork {
            return "it has too many properties under one element for the XMP library (work \(siblingWork), over the limit of \(XMPLimits.maximumSiblingWork))"
        }
        return nil
    }

    /// One open element: its named children and attributes so far, whether it is `rdf:RDF`, and
    /// whether it is a child of `rdf:RDF` (an `rdf:Description`: its count joins `topLevel`).
    private struct Open {
        var count = 0
        var isRDF = false
        var isTopLevel = false
    }

    private enum Tag { case opening, closing, other }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        let less = UInt8(ascii: "<"), greater = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        let equals = UInt8(ascii: "="), doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
        var stack: [Open] = []
        stack.reserveCapacity(XMPLimits.maximumNesting + 1)
        var level = 0
        var topLevel = 0
        var tag: Tag?
        var quote: UInt8 = 0
        var previous: UInt8 = 0
        var nameStart = 0  // where the element's name begins
        var readingName = false
        var tokenStart = 0, tokenEnd = 0, inToken = false  // the attribute name being read
        var inText = false
        let count = bytes.count

        func close() {
            if level == stack.count, let open = stack.popLast() {
                if open.isTopLevel {
                    topLevel += open.count
                } else {
                    siblingWork = siblingWork.addingReportingOverflow(open.count * open.count).partialValue
                }
            }
            level = max(0, level - 1)
        }

        var index = 0
        while index < count {
            let byte = bytes[index]
            if let kind = tag {
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if kind != .other, byte == doubleQuote || byte == singleQuote {
                    quote = byte
                    inToken = false
                } else if byte == greater {
                    if kind == .opening {
                        if readingName { openElement(bytes, nameStart, index, &stack) }
                        if previous == slash { close() }
                    }
                    readingName = false
                    tag = nil
                } else if kind == .opening {
                    if readingName {
                        if Self.isSpace(byte) || byte == slash {
                            readingName = false
                            openElement(bytes, nameStart, index, &stack)
                        }
                    } else if byte == equals {
                        nodes += 1
                        if level == stack.count, !stack.isEmpty { stack[stack.count - 1].count += 1 }
                        if inToken || tokenEnd > tokenStart, Self.startsWithXMLNS(bytes, from: tokenStart, to: tokenEnd) {
                            namespaces += 1
                        }
                        inToken = false
                        tokenStart = 0
                        tokenEnd = 0
                    } else if Self.isSpace(byte) || byte == slash {
                        inToken = false
                    } else {
                        if !inToken {
                            inToken = true
                            tokenStart = index
                        }
                        tokenEnd = index + 1
                    }
                }
            } else if byte == less {
                if inText {
                    nodes += 1
                    inText = false
                }
                let next = index + 1 < count ? bytes[index + 1] : 0
                if next == slash {
                    close()
                    tag = .closing
                } else if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || index + 1 == count {
                    tag = .other
                } else {
                    level += 1
                    depth = max(depth, level)
                    nodes += 1
                    tag = .opening
                    readingName = true
                    nameStart = index + 1
                    inToken = false
                }
            } else {
                inText = true
            }
            previous = byte
            index += 1
        }
        if inText { nodes += 1 }
        while !stack.isEmpty { close() }
        siblingWork = siblingWork.addingReportingOverflow(topLevel * topLevel).partialValue
    }

    /// Records the element just opened (its name in `bytes[start..<end]`) on `stack` while the
    /// nesting is within bounds, and counts it as a named child of its parent unless it is an
    /// array item (`…:li`).
    private func openElement(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ stack: inout [Open]) {
        guard stack.count <= XMPLimits.maximumNesting else { return }
        var localStart = start
        for i in start..<end where bytes[i] == UInt8(ascii: ":") { localStart = i + 1 }
        let local = UnsafeBufferPointer(rebasing: bytes[localStart..<max(localStart, end)])
        let isItem = local.elementsEqual("li".utf8)
        if !stack.isEmpty, !isItem { stack[stack.count - 1].count += 1 }
        let parentIsRDF = stack.last?.isRDF ?? false
        stack.append(Open(count: 0, isRDF: local.elementsEqual("RDF".utf8), isTopLevel: parentIsRDF))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the attribute name before `=` at `end` (from `start`, blanks trimmed) begins with `xmlns`.
    private static func startsWithXMLNS(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var first = start
        while first < end, isSpace(bytes[first]) { first += 1 }
        let prefix = Array("xmlns".utf8)
        guard end - first >= prefix.count else { return false }
        for k in 0..<prefix.count where bytes[first + k] != prefix[k] { return false }
        return true
    }
}
