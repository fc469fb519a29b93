import Testing
import Support

@Suite struct CSVRecordSplitterTests {
    @Test func csvRecordSplitterFollowsRFC4180() throws {
        let records = try CSVRecordSplitter.split("a,\"b,c\",\"d\"\"e\"\n\n\"multi\nline\",,x\r\nlast").get()
        #expect(records == [
            CSVRecordSplitter.Record(line: 1, fields: ["a", "b,c", "d\"e"]),
            CSVRecordSplitter.Record(line: 3, fields: ["multi\nline", "", "x"]),
            CSVRecordSplitter.Record(line: 5, fields: ["last"]),
        ])
        #expect(throws: CSVRecordSplitter.Failure.self) { try CSVRecordSplitter.split("a,b\"c\n").get() }
        #expect(throws: CSVRecordSplitter.Failure.self) { try CSVRecordSplitter.split("\"a\"b,c\n").get() }
        // Lines count the line breaks in quoted fields (LF, CRLF and CR alike), blank lines and
        // lines of spaces; a last empty field is kept without a line break after it.
        let lines = try CSVRecordSplitter.split("a\r\"b\rc\",\"d\r\ne\"\n\n  \nf,").get()
        #expect(lines == [CSVRecordSplitter.Record(line: 1, fields: ["a"]), CSVRecordSplitter.Record(line: 2, fields: ["b\rc", "d\r\ne"]),
                          CSVRecordSplitter.Record(line: 7, fields: ["f", ""])])
        // A stray quote names its record's first line; a quote left open, the line it opens on.
        #expect(CSVRecordSplitter.split("a,b\n\"c\nd\"x,e\n").failure?.line == 2)
        #expect(CSVRecordSplitter.split("a,b\n\"c\nd\"x,e\n").failure?.message.contains("after a closing quote") == true)
        #expect(CSVRecordSplitter.split("a\n1,\"x\ny\",2,\"open\nz") == .failure(.init(line: 3, message: "a quoted field is never closed")))
        #expect(CSVRecordSplitter.split("a,\"b\"\"") == .failure(.init(line: 1, message: "a quoted field is never closed")))
        // At most 100 fields a record; at most `limit` records, and nothing after them is checked.
        #expect(CSVRecordSplitter.split(String(repeating: ",", count: 99)).success?.first?.fields.count == 100)
        #expect(CSVRecordSplitter.split("x\n" + String(repeating: ",", count: 100))
                    == .failure(.init(line: 2, message: "more than 100 fields in a record")))
        #expect(CSVRecordSplitter.split("a\n\nb\n\"c", limit: 2).success?.map(\.line) == [1, 3])
    }
}

private extension Result {
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
