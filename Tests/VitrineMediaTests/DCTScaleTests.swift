import Testing
import VitrineMedia

@Suite struct DCTScaleTests {
    /// The chosen scale covers the target, and the next smaller one would not.
    @Test(arguments: [
        (6000, 4000, 1620, 1080), (6000, 4000, 1920, 1280), (6000, 4000, 750, 500), (6000, 4000, 751, 500),
        (6000, 4000, 3001, 2000), (6000, 4000, 6000, 4000), (4000, 6000, 720, 1080), (640, 480, 80, 60),
        (641, 481, 81, 61), (1, 1, 1, 1), (9, 9, 2, 2),
    ])
    func smallestCoveringScaleIsChosen(_ w: Int, _ h: Int, _ tw: Int, _ th: Int) {
        let d = DCTScale.choose(width: w, height: h, targetWidth: tw, targetHeight: th)
        #expect(DCTScale.denominators.contains(d))
        #expect(DCTScale.scaled(w, denominator: d) >= tw && DCTScale.scaled(h, denominator: d) >= th)
        if let smaller = DCTScale.denominators.first(where: { $0 == d * 2 }) {
            let covers =
                DCTScale.scaled(w, denominator: smaller) >= tw && DCTScale.scaled(h, denominator: smaller) >= th
            #expect(!covers, "1/\(smaller) would also cover \(tw)x\(th)")
        }
    }

    @Test func typicalPhotoOnFullHDUsesHalfScale() {
        #expect(DCTScale.choose(width: 6000, height: 4000, targetWidth: 1620, targetHeight: 1080) == 2)
        #expect(DCTScale.choose(width: 6000, height: 4000, targetWidth: 750, targetHeight: 500) == 8)
        #expect(DCTScale.choose(width: 6000, height: 4000, targetWidth: 6000, targetHeight: 4000) == 1)
    }

    @Test func scaledSizesRoundUpLikeLibjpeg() {
        #expect(DCTScale.scaled(6001, denominator: 8) == 751)
        #expect(DCTScale.scaled(6000, denominator: 8) == 750)
        #expect(DCTScale.scaled(1, denominator: 8) == 1)
    }
}
