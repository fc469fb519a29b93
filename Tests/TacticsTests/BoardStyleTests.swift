import Foundation
import Testing
@testable import Canvas
@testable import Tactics

@Suite struct BoardStyleTests {
    static let resource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/styles/board.json")

    @Test func theShippedStyleFileIsTheDefault() throws {
        let style = try BoardStyle(jsonData: try Data(contentsOf: Self.resource), source: "board.json")
        #expect(style == .standard)
    }

    @Test func aStyleFileOverridesOnlyWhatItNames() throws {
        let style = try BoardStyle(jsonData: Data(##"{"grass": "#224422"}"##.utf8), source: "club.json")
        #expect(style.grass == (try Color(hex: "#224422")))
        #expect(style.lines == BoardStyle.standard.lines)
        let (image, renderer) = try Boards.render(try Boards.log([]), BoardRenderOptions(style: style))
        #expect(image.pixel(at: renderer.outputLayout.metresToSpace.apply(Point(x: 30, y: 30))) == RGBA(red: 0x22, green: 0x44, blue: 0x22))
    }

    @Test func badStyleFilesNameTheField() {
        #expect(throws: StrokeLogError(.invalidValue, source: "club.json", at: .field("lines"),
                                       "expected a colour like #3D8B3D, found 'chalk'")) {
            try BoardStyle(jsonData: Data(##"{"lines": "chalk"}"##.utf8), source: "club.json")
        }
        #expect(throws: StrokeLogError.self) { try BoardStyle(jsonData: Data("{".utf8), source: "club.json") }
    }
}
