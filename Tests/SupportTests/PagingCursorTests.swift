import Foundation
import Support
import Testing

@Suite struct PagingCursorTests {
    @Test(arguments: [1, 42, 999, Int64.max])
    func roundTrips(_ key: Int64) {
        let cursor = PagingCursor.encode(key)
        #expect(PagingCursor.decode(cursor) == key)
        // base64url without padding: safe in a URL and on a command line as it is.
        #expect(cursor.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(cursor.count <= 31)
    }

    @Test func theFormIsFixed() {
        // Clients keep cursors between calls: the form must not change under them.
        #expect(PagingCursor.encode(42) == "YzEuNDI")
        #expect(PagingCursor.decode("YzEuNDI") == 42)
    }

    @Test(arguments: ["", "42", "abc", "YzEuMA", "YzEuLTE", "YzIuNDI", "YzEu", "YzEuNDI!", String(repeating: "A", count: 65)])
    func refusesWhatNoListGave(_ text: String) {
        // "YzEuMA" is c1.0, "YzEuLTE" c1.-1, "YzIuNDI" c2.42, "YzEu" c1. alone.
        #expect(PagingCursor.decode(text) == nil)
    }

    @Test(arguments: ["r1|t|7|2024-05-01 06:20:00.123", "r1|n|3|4045|c0", "ñ?>~", ""])
    func keysOfMoreThanAnIdRoundTripInTheSameForm(_ key: String) {
        let text = PagingCursor.opaque(key)
        #expect(PagingCursor.plain(text) == key)
        #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(PagingCursor.opaque("c1.42") == PagingCursor.encode(42))
    }

    @Test func plainRefusesWhatIsNotBase64URLOfUTF8() {
        #expect(PagingCursor.plain("!!") == nil)
        #expect(PagingCursor.plain(PagingCursor.opaque("x") + "*") == nil)
        #expect(PagingCursor.plain(Data([0xFF, 0xFE]).base64EncodedString()) == nil)
    }
}

@Suite struct KeyedPagingCursorTests {
    @Test(arguments: [["2024/25", "Juvenil A", "17"], ["alice"], ["1", "", "0", "2024-08-17", "9"],
                      ["Los \"Rápidos\" / C.F.", "ü\\n\u{1}", String(repeating: "\u{1}", count: 100)]])
    func roundTrips(_ key: [String]) {
        let cursor = PagingCursor.encode(key: key)
        #expect(PagingCursor.decodeKey(cursor) == key)
        #expect(cursor.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        // Not a cursor of an id, nor the other way round.
        #expect(PagingCursor.decode(cursor) == nil)
        #expect(PagingCursor.decodeKey(PagingCursor.encode(42)) == nil)
    }

    @Test func theLongestKeyAListMakesFits() {
        let escaped = String(repeating: "\u{1}", count: 100)
        let cursor = PagingCursor.encode(key: [String(repeating: "\u{1}", count: 20), escaped, String(Int64.max)])
        #expect(cursor.count <= 1_004)
        #expect(PagingCursor.decodeKey(cursor) != nil)
    }

    @Test func theFormIsFixed() {
        #expect(PagingCursor.encode(key: ["a", "1"]) == "azEuWyJhIiwiMSJd")
        #expect(PagingCursor.decodeKey("azEuWyJhIiwiMSJd") == ["a", "1"])
    }

    @Test(arguments: ["", "YzEuNDI", "azEuW10", "azEuWzFd", "azEuWyJhIg", "azEu", "azEuWyJhIl0!",
                      String(repeating: "A", count: 2_049)])
    func refusesWhatNoListGave(_ text: String) {
        // "YzEuNDI" is c1.42, "azEuW10" k1.[], "azEuWzFd" k1.[1] (not strings), "azEuWyJhIg" k1.["a" cut short.
        #expect(PagingCursor.decodeKey(text) == nil)
    }
}
