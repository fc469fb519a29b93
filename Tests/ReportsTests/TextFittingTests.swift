import Testing
@testable import Reports

@Suite struct TextFittingTests {
    /// Every character one unit wide at size 1.
    static func measure(_ text: String, _ size: Double) -> Double { Double(text.count) * size }

    @Test func shrinksBeforeWrapping() {
        // 10 characters in 100 units: fits at size 10 on one line.
        #expect(TextFitting.block("Nico Willi", width: 100, oneLine: 8...12, twoLines: 6...9, measure: Self.measure)
                == TextFitting.Block(lines: ["Nico Willi"], size: 10))
    }

    @Test func wrapsAtTheBreakThatKeepsTheLongerLineShortest() {
        // 23 characters need 184 units even at size 8: two lines, split where the longer is shortest.
        let block = TextFitting.block("Aa Bbbbbbb Cccc Ddddddd", width: 100, oneLine: 8...12, twoLines: 6...9,
                                      measure: Self.measure)
        #expect(block.lines == ["Aa Bbbbbbb", "Cccc Ddddddd"])
        #expect(block.size == 8)  // 12 characters at 8 fit 100; at 8.5 they do not
    }

    @Test func cutsTheSecondLineWhenTwoAreNotEnough() {
        let text = Array(repeating: "Abcdefg", count: 6).joined(separator: " ")
        let block = TextFitting.block(text, width: 60, oneLine: 8...12, twoLines: 6...9, measure: Self.measure)
        #expect(block.size == 6 && block.lines.count == 2)
        #expect(block.lines[0] == "Abcdefg")
        #expect(block.lines[1].hasSuffix("…") && Self.measure(block.lines[1], 6) <= 60)
    }

    @Test func aSingleLongWordIsShortenedOnOneLine() {
        let block = TextFitting.block(String(repeating: "x", count: 40), width: 80, oneLine: 8...12, twoLines: 6...9,
                                      measure: Self.measure)
        #expect(block.size == 8 && block.lines == [String(repeating: "x", count: 9) + "…"])
    }

    @Test func singleLineShrinksThenShortens() {
        #expect(TextFitting.singleLine("Partidos", width: 40, sizes: 4...6, measure: Self.measure)
                == TextFitting.Block(lines: ["Partidos"], size: 5))
        let cut = TextFitting.singleLine("Porterías a cero", width: 40, sizes: 4...6, measure: Self.measure)
        #expect(cut.size == 4 && cut.lines == ["Porterías…"])
    }
}
