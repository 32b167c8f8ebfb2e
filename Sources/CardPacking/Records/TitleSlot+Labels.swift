/// The card's colour labels (SPEC §10: red, yellow, green, blue, and darktable's purple) share
/// `InstanceRecord.title` with the title's atlas slot: the record's 80 bytes have no free bit
/// left (the flags' high four bits hold the culling mark), and the title atlas has at most a few
/// hundred slots (`ViewerPictures.titleSlots`: 192), so the slot needs 11 bits, not 16.
///
/// | bits | meaning |
/// | --- | --- |
/// | 0–10  | the title's slot, 0…2046; 2047 (`slotMask`): no title |
/// | 11–15 | the colour labels, bit 11 + k for darktable's label k: red, yellow, green, blue, purple (`ColorLabels.rawValue << 11`) |
///
/// The whole field 0xFFFF (`TitleSlot.none`, the record's default) is "no title, no labels", so
/// every writer that knows nothing of labels (packers, bulk writers, tests) still means what it
/// always meant. The one value it shadows, no title with all five labels, is stored without
/// purple (0x7FFF): such a card shows four. `card.vert` decodes the field with the same
/// constants (`ShaderInterface.card`: `titleSlotMask`, `titleLabelShift`, `colorLabelMask`).
extension TitleSlot {
    /// The slot bits; all set: no title.
    public static let slotMask: UInt16 = 0x07FF
    /// Where the labels start: `title >> labelShift`.
    public static let labelShift: UInt16 = 11
    /// The label bits after the shift (five labels).
    public static let labelMask: UInt8 = 0x1F
    /// Slots a title atlas may have: a record names slots `0..<slotLimit`.
    public static let slotLimit = Int(slotMask)

    /// The field for title slot `slot` (`none`, or any value from `slotMask` up: no title) and
    /// colour labels `labels` (bit k: darktable's label k; bits above the fifth are dropped).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func field(slot: UInt16, labels: UInt8) -> UInt16 {
        let low = min(slot, slotMask)
        let value = low | UInt16(labels & labelMask) << labelShift
        if value == slotMask { return none }  // no title, no labels: the default
        if value == none { return 0x7FFF }    // no title, all five labels: purple is dropped
        return value
    }

    /// The slot that `field` names, or `none`.
    @inlinable
    public static func slot(of field: UInt16) -> UInt16 {
        let low = field & slotMask
        return low == slotMask ? none : low
    }

    /// The colour labels `field` carries (bit k: darktable's label k), 0 for `none`.
    @inlinable
    public static func labels(of field: UInt16) -> UInt8 {
        field == none ? 0 : UInt8(field >> labelShift)
    }
}

extension InstanceRecord {
    /// The title atlas slot of the card's title, or `TitleSlot.none`; setting it keeps the labels.
    @inlinable
    public var titleSlot: UInt16 {
        get { TitleSlot.slot(of: title) }
        set { title = TitleSlot.field(slot: newValue, labels: TitleSlot.labels(of: title)) }
    }

    /// The card's colour labels, bit k for darktable's label k (red 0 … purple 4: the raw value
    /// of CardCulling's `ColorLabels`), drawn beside its culling mark; setting them keeps the
    /// title's slot.
    @inlinable
    public var colorLabelBits: UInt8 {
        get { TitleSlot.labels(of: title) }
        set { title = TitleSlot.field(slot: TitleSlot.slot(of: title), labels: newValue) }
    }
}
