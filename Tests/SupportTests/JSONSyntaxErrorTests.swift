import Foundation
import Support
import Testing

@Suite struct JSONSyntaxErrorTests {
    @Test func locatesASyntaxErrorByLineAndColumn() throws {
        let data = Data("{\n  \"a\": [1,\n  2 3]\n}".utf8)
        let error = try #require(JSONSyntaxError.locate(in: data))
        #expect(error.line == 3 && error.column == 5)
        #expect(error.message.contains("(found '3')"))
        #expect(JSONSyntaxError.locate(in: Data("[1, 2]".utf8)) == nil)
    }

    @Test func saysWhereAnInputEnds() throws {
        let error = try #require(JSONSyntaxError.locate(in: Data("{\"a\": [1,".utf8)))
        #expect(error.message == "unexpected end of input")
        #expect(error.line == 1)
    }

    @Test func findsNestingDeeperThanALimitOutsideStrings() throws {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let error = try #require(JSONSyntaxError.nesting(deeperThan: 64, in: deep))
        #expect(error.line == 1 && error.column == 65)
        #expect(error.message == "arrays and objects nested deeper than 64 levels")
        // Brackets inside strings, escaped quotes included, do not count.
        let quoted = Data(#"{"a": "[[[[[[ \" [[[[[[", "b": [[1]]}"#.utf8)
        #expect(JSONSyntaxError.nesting(deeperThan: 3, in: quoted) == nil)
        #expect(JSONSyntaxError.nesting(deeperThan: 2, in: quoted)?.column == 33)
    }

    @Test func columnsCountCharactersNotBytes() {
        let bytes = Array("ñandú\n  ß".utf8)
        #expect(JSONSyntaxError.position(ofByte: bytes.count, in: bytes) == (2, 4))
        #expect(JSONSyntaxError.position(ofByte: 7, in: bytes) == (1, 6))
    }
}

@Suite struct NumberTextTests {
    @Test func wholeNumbersLoseTheirFractionAndNothingTraps() {
        #expect(NumberText.plain(105) == "105")
        #expect(NumberText.plain(-3) == "-3")
        #expect(NumberText.plain(0.5) == "0.5")
        #expect(NumberText.plain(1e308) == "1e+308")
        #expect(NumberText.plain(-1e19) == "-1e+19")
        #expect(NumberText.plain(.nan) == "nan")
        #expect(NumberText.plain(.infinity) == "inf")
    }
}
