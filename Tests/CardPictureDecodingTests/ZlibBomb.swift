/// A zlib stream that inflates to `count` zero bytes from about count / 160 bytes: one literal
/// zero, then back-references of 258 bytes at distance 1, in a fixed-Huffman deflate block
/// (RFC 1951 §3.2.6), written bit by bit; the Adler-32 trailer is correct.
func zlibBomb(inflatingTo count: Int) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var bitBuffer: UInt64 = 0, bitCount = 0
    func put(_ value: UInt64, _ bits: Int) {  // LSB-first, as deflate packs bits
        bitBuffer |= value << UInt64(bitCount)
        bitCount += bits
        while bitCount >= 8 { out.append(UInt8(bitBuffer & 0xFF)); bitBuffer >>= 8; bitCount -= 8 }
    }
    func putCode(_ code: UInt64, _ bits: Int) {  // Huffman codes go MSB-first
        var reversed: UInt64 = 0
        for i in 0..<bits where code & (1 << UInt64(i)) != 0 { reversed |= 1 << UInt64(bits - 1 - i) }
        put(reversed, bits)
    }
    put(1, 1)           // BFINAL
    put(1, 2)           // BTYPE = 01, fixed Huffman codes
    putCode(0x30, 8)    // literal 0
    var written = 1
    while count - written >= 258 {
        putCode(0xC5, 8)  // length symbol 285 = 258 bytes, no extra bits
        putCode(0, 5)     // distance code 0 = distance 1
        written += 258
    }
    while written < count { putCode(0x30, 8); written += 1 }  // the rest as literals
    putCode(0, 7)       // end of block (symbol 256)
    if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
    let adler = UInt32(count % 65521) << 16 | 1  // zeros: a stays 1, b gains 1 per byte
    return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
}
