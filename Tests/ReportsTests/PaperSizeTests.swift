import Testing
@testable import Reports

@Suite struct PaperSizeTests {
    @Test func sheetsInPoints() {
        #expect(abs(PaperSize.a4.width - 210 / 25.4 * 72) < 0.01)
        #expect(abs(PaperSize.a4.height - 297 / 25.4 * 72) < 0.01)
        #expect(PaperSize.letter.landscape == PaperSize(width: 792, height: 612))
    }
}
