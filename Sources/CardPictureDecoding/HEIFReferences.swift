/// The item references of a HEIF file's `iref` box that decoding follows (ISO/IEC 23008-12
/// §6.4.4): `dimg` (a derived image — a grid, an overlay, an identity — is made from the items
/// it names) and `auxl` (an alpha or depth item named by its master: decoding the master
/// decodes it). libheif 1.15 follows them without looking for loops: a grid that names itself
/// as its tile made it start a thread per level until thread creation failed and an uncaught
/// C++ exception aborted the process (fuzz-heif found it in an 863-byte file). So they are read
/// here first, and a file whose references loop is refused before anything is decoded.
enum HEIFReferences {
    /// Whether the "decoding A needs B" graph of `iref` (`payload`: the box's bytes after its
    /// header, of `bytes`) has a cycle: a `dimg` reference from A to B, an `auxl` reference from
    /// B to its master A.
    /// - Complexity: O(references) to read (at most `maximumReferences` are read: more is a
    ///   loop-free answer only as far as they go) and O(items + references) for the search.
    static func loop(iref payload: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
        var needs: [Int: [Int]] = [:]
        var read = 0
        guard payload.count >= 4 else { return false }
        let idBytes = bytes[payload.lowerBound] == 0 ? 2 : 4
        // libheif 1.15 reads the reference boxes one after another, each header, then its
        // fields, without skipping by the box's declared size (a size that runs past the
        // `iref` box is not an error there): read them the same way, or a loop it follows would
        // be missed (fuzz-heif: a `dimg` box declaring 32,782 bytes inside a 26-byte `iref`).
        var at = payload.lowerBound + 4
        while at + 8 <= payload.upperBound, read < maximumReferences {
            guard let size = HEIFCoding.integer(bytes, at, 4), let type = HEIFCoding.fourCC(bytes, at + 4) else { break }
            at += 8 + (size == 1 ? 8 : 0) + (type == "uuid" ? 16 : 0)
            guard at + idBytes + 2 <= payload.upperBound, let from = HEIFCoding.integer(bytes, at, idBytes),
                  let count = HEIFCoding.integer(bytes, at + idBytes, 2) else { break }
            at += idBytes + 2
            var index = 0
            while index < count, at + idBytes <= payload.upperBound, read < maximumReferences,
                  let to = HEIFCoding.integer(bytes, at, idBytes) {
                at += idBytes
                index += 1
                read += 1
                if type == "dimg" { needs[from, default: []].append(to) } else if type == "auxl" { needs[to, default: []].append(from) }
            }
            if index < count { break }
        }
        return hasCycle(needs)
    }

    /// The most references read from one file: far more than a 200 MP grid of 256-pixel tiles
    /// names (3,052).
    static let maximumReferences = 1 << 16

    /// Whether `edges` (item → items it needs) has a cycle: an iterative depth-first search
    /// (no recursion, so a long chain cannot exhaust the stack), each item coloured once.
    static func hasCycle(_ edges: [Int: [Int]]) -> Bool {
        enum Colour { case onPath, done }
        var colour: [Int: Colour] = [:]
        for start in edges.keys where colour[start] == nil {
            var stack: [(item: Int, next: Int)] = [(start, 0)]
            colour[start] = .onPath
            while var top = stack.last {
                let targets = edges[top.item] ?? []
                if top.next == targets.count {
                    colour[top.item] = .done
                    stack.removeLast()
                    continue
                }
                let target = targets[top.next]
                top.next += 1
                stack[stack.count - 1] = top
                switch colour[target] {
                case .onPath: return true
                case .done: continue
                case nil:
                    colour[target] = .onPath
                    stack.append((target, 0))
                }
            }
        }
        return false
    }
}
