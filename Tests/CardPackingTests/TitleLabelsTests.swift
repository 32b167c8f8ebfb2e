import CardPacking
import Testing

/// The title field's two parts (`TitleSlot+Labels`): the title's atlas slot in the low 11 bits,
/// the colour labels in the high five; the default field means no title and no labels, and the
/// record keeps its 80 bytes. Pure, no GL.
@Suite struct TitleLabelsTests {
    @Test("every slot and label set round-trips, except no title with all five labels (purple dropped)")
    func roundTrip() {
        let slots: [UInt16] = [0, 1, 2, 191, 1024, 2045, 2046, TitleSlot.none]
        for slot in slots {
            for labels in UInt8(0)...31 {
                let field = TitleSlot.field(slot: slot, labels: labels)
                #expect(TitleSlot.slot(of: field) == slot, "slot \(slot), labels \(labels)")
                let expected = slot == TitleSlot.none && labels == 31 ? UInt8(15) : labels
                #expect(TitleSlot.labels(of: field) == expected, "slot \(slot), labels \(labels): \(field)")
            }
        }
        // No title, no labels is the default field; a slot without labels is the slot itself,
        // so records written before the labels (and by writers that know none) read the same.
        #expect(TitleSlot.field(slot: TitleSlot.none, labels: 0) == TitleSlot.none)
        #expect(TitleSlot.field(slot: 5, labels: 0) == 5)
        #expect(TitleSlot.field(slot: 5, labels: 0b1001) == 5 | 0b1001 << 11)
        #expect(TitleSlot.field(slot: TitleSlot.none, labels: 0b100) == 0x07FF | 0b100 << 11)
        // Slots past the 11 bits mean no title; label bits past the fifth are dropped.
        #expect(TitleSlot.slot(of: TitleSlot.field(slot: 4000, labels: 0)) == TitleSlot.none)
        #expect(TitleSlot.labels(of: TitleSlot.field(slot: 3, labels: 0xE1)) == 1)
        #expect(TitleSlot.slotLimit == 2047)
    }

    @Test("a record's slot and labels are set apart, each keeping the other; the record stays 80 bytes")
    func recordAccessors() {
        var record = InstanceRecord(row0: .zero, row1: .zero, row2: .zero, alpha: 1, depth: 0, layer: 0, id: 7)
        #expect(record.title == TitleSlot.none && record.titleSlot == TitleSlot.none && record.colorLabelBits == 0)
        record.colorLabelBits = 0b0101  // red, green
        #expect(record.titleSlot == TitleSlot.none && record.colorLabelBits == 0b0101)
        record.titleSlot = 12
        #expect(record.titleSlot == 12 && record.colorLabelBits == 0b0101)
        record.colorLabelBits = 0
        #expect(record.title == 12)
        record.titleSlot = TitleSlot.none
        #expect(record.title == TitleSlot.none)
        #expect(InstanceRecord.stride == 80 && MemoryLayout<InstanceRecord>.size == 80)
        #expect(InstanceRecord.layerTitleOffset == 60)
    }
}
