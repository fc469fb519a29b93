import Testing
@testable import Canvas

@Suite struct ColorTests {
    @Test func parsesEveryHexForm() throws {
        #expect(try Color(hex: "#D32F2F") == Color(red: 0xD3 / 255, green: 0x2F / 255, blue: 0x2F / 255))
        #expect(try Color(hex: "d32f2f") == Color(hex: "#D32F2F"))
        #expect(try Color(hex: "#fff") == .white)
        #expect(try Color(hex: "#0000") == .transparent)
        #expect(try Color(hex: "#1976D280").alpha == 128.0 / 255)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#GGGGGG", "red", "#1234567", "##123456"])
    func rejectsMalformedHex(_ text: String) {
        #expect(throws: CanvasError.invalidColor(text)) { try Color(hex: text) }
    }

    @Test func roundTripsThroughHexString() throws {
        for text in ["#D32F2F", "#1976D2", "#00000080", "#FFFFFF"] {
            #expect(try Color(hex: text).hexString == text)
        }
    }

    @Test func clampsComponents() {
        let color = Color(red: 2, green: -1, blue: .nan, alpha: 5)
        #expect(color == Color(red: 1, green: 0, blue: 0, alpha: 1))
    }
}
