import CardCulling
import Testing

/// Colour labels and the pick label (SPEC §10): `6`–`9` toggle labels; a pick adds the pick
/// label unless the picture has it, and un-picking removes only what the pick added.
@Suite struct ColorLabelMarkTests {
    @Test func labelsToggleAndKeepTheRestOfTheMark() {
        let mark = CullMark(stars: 3, flag: .picked)
        let red = mark.togglingLabel(.red)
        #expect(red == CullMark(stars: 3, flag: .picked, labels: .red))
        #expect(red.togglingLabel(.blue).labels == [.red, .blue])
        #expect(red.togglingLabel(.red) == mark)
    }

    @Test func aPickAddsItsLabelAndUnpickingRemovesOnlyWhatItAdded() {
        let picked = CullMark(stars: 2).togglingPick(pickLabel: .green)
        #expect(picked == CullMark(stars: 2, flag: .picked, labels: .green, labelsAddedByPick: .green))
        #expect(picked.togglingPick(pickLabel: .green) == CullMark(stars: 2))
        // Green was there before the pick: the pick added nothing, un-picking keeps it.
        let alreadyGreen = CullMark(labels: [.green, .red]).togglingPick(pickLabel: .green)
        #expect(alreadyGreen.labelsAddedByPick.isEmpty)
        #expect(alreadyGreen.togglingPick(pickLabel: .green) == CullMark(labels: [.green, .red]))
        // The label toggled off by hand while picked is no longer the pick's.
        let handled = picked.togglingLabel(.green).togglingLabel(.green)
        #expect(handled.labelsAddedByPick.isEmpty && handled.labels == .green)
        #expect(handled.togglingPick(pickLabel: .green).labels == .green)
        // No pick label: a pick is a flag alone.
        #expect(CullMark().togglingPick(pickLabel: []) == CullMark(flag: .picked))
        // A reject takes the pick and its label away; the stars stay.
        #expect(picked.togglingReject() == CullMark(stars: 2, flag: .rejected))
    }

    @Test func labelNamesAndDarktableNumbers() {
        #expect(ColorLabels(name: "Red") == .red && ColorLabels(name: "blue") == .blue && ColorLabels(name: "none") == [])
        #expect(ColorLabels(name: "Select") == nil)
        let labels: ColorLabels = [.blue, .red, .purple]
        #expect(labels.names == ["Red", "Blue", "Purple"])
        #expect(labels.darktableNumbers == [0, 3, 4])
        #expect(CullMark(labels: .red, labelsAddedByPick: [.red, .green]).labelsAddedByPick == .red)
    }
}
