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
