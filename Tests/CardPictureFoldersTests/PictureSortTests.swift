import CardPictureFolders
import Testing

/// `--sort` (SPEC §13): each order, its ties, and capture times as text and seconds.
@Suite struct PictureSortTests {
    @Test("name keeps the listing; size and rating descend, time ascends; ties keep the listing's order")
    func orders() {
        let sizes = [10, 30, 20, 30, 5]
        #expect(PictureSort.name.order(count: 5) == [0, 1, 2, 3, 4])
        #expect(PictureSort.size.order(count: 5, sizes: { sizes[$0] }) == [1, 3, 2, 0, 4])
        let times = [5.0, 1.0, 3.0, 1.0, 2.5]
        #expect(PictureSort.time.order(count: 5, captureSeconds: { times[$0] }) == [1, 3, 4, 2, 0])
        // Ranks: 3 stars, unrated, rejected (−1), 5 stars, 3 stars.
        let ranks = [3, 0, PictureSort.ratingRank(stars: 4, rejected: true), 5, 3]
        #expect(PictureSort.rating.order(count: 5, ratings: { ranks[$0] }) == [3, 0, 4, 1, 2])
        #expect(PictureSort(name: "time") == .time && PictureSort(name: "date") == nil)
        #expect(PictureSort.listed == "name, time, rating or size")
    }

    @Test("EXIF date text to seconds and back to ISO 8601")
    func captureTimeText() {
        let seconds = CaptureTime.exifSeconds(dateTime: Array("2024:05:01 10:20:30\0".utf8), subSeconds: Array("25".utf8))
        #expect(seconds == 1_714_558_830.25)
        #expect(CaptureTime(seconds: 1_714_558_830.25, source: .exif).iso8601 == "2024-05-01T10:20:30.250")
        #expect(CaptureTime(seconds: 1_714_558_830.77, source: .exif).iso8601 == "2024-05-01T10:20:30.770")
        #expect(CaptureTime(seconds: 946_684_799, source: .modified).iso8601 == "1999-12-31T23:59:59")
        #expect(CaptureTime(seconds: -14_182_940, source: .exif).iso8601 == "1969-07-20T20:17:40")
        #expect(CaptureTime.exifSeconds(dateTime: Array("1969:07:20 20:17:40".utf8), subSeconds: [UInt8]?.none) == -14_182_940)
        #expect(CaptureTime.exifSeconds(dateTime: Array("2024:02:30 00:00:0".utf8), subSeconds: [UInt8]?.none) == nil)
    }
}
