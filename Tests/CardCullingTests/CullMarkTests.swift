import CardCulling
import Testing

@Suite struct CullMarkTests {
    @Test func rejectKeepsTheStarsAndTogglesBack() {
        let rated = CullMark(stars: 3)
        let rejected = rated.togglingReject()
        #expect(rejected == CullMark(stars: 3, flag: .rejected))
        #expect(rejected.togglingReject() == rated)
    }

    @Test func pickTogglesAndUnrejects() {
        #expect(CullMark.unmarked.togglingPick().flag == .picked)
        #expect(CullMark.unmarked.togglingPick().togglingPick() == .unmarked)
        #expect(CullMark(stars: 2, flag: .rejected).togglingPick() == CullMark(stars: 2, flag: .picked))
    }

    @Test func starsAreClampedAndUnreject() {
        #expect(CullMark(stars: 9).stars == 5)
        #expect(CullMark(stars: -2).stars == 0)
        #expect(CullMark(stars: 1, flag: .rejected).withStars(4) == CullMark(stars: 4))
        #expect(CullMark(stars: 1, flag: .picked).withStars(0) == CullMark(stars: 0, flag: .picked))
    }

    @Test func filterCyclesAndAdmits() {
        #expect(CullFilter.all.next == .picksOnly)
        #expect(CullFilter.picksOnly.next == .rejectsHidden)
        #expect(CullFilter.rejectsHidden.next == .all)
        let picked = CullMark(flag: .picked), rejected = CullMark(flag: .rejected), plain = CullMark(stars: 4)
        #expect([picked, rejected, plain].filter(CullFilter.all.admits).count == 3)
        #expect([picked, rejected, plain].filter(CullFilter.picksOnly.admits) == [picked])
        #expect([picked, rejected, plain].filter(CullFilter.rejectsHidden.admits) == [picked, plain])
    }

    @Test func memoryStoreRoundTrips() throws {
        let store = MemoryCullMarkStore()
        #expect(store.mark(ofPicture: "/a.jpg") == .unmarked)
        try store.store(CullMark(stars: 2, flag: .picked), forPicture: "/a.jpg")
        #expect(store.mark(ofPicture: "/a.jpg") == CullMark(stars: 2, flag: .picked))
    }
}
