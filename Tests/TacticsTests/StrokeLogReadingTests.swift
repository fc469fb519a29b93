import Foundation
import Testing
@testable import Canvas
@testable import Tactics

@Suite struct StrokeDocumentTests {
    /// The example of shared/spec/strokes.md, form 1.
    static let specExample = """
        {
          "format": "touchline.strokes",
          "version": 1,
          "surface": {"width": 1024, "height": 768},
          "background": "pitch",
          "pens": {
            "red":  {"color": "#D32F2F", "width": 6},
            "blue": {"color": "#1976D2", "width": 6}
          },
          "eraser": {"width": 32},
          "events": [
            {"type": "stroke", "tool": "red",    "points": [[120, 300], [130, 302, 16], [141, 305, 33, 0.6]]},
            {"type": "stroke", "tool": "eraser", "points": [[125, 290], [125, 320]]},
            {"type": "clear"}
          ]
        }
        """

    @Test func readsTheSpecExample() throws {
        let log = try Boards.read(Self.specExample)
        #expect(log.form == .strokeDocument)
        #expect(log.surface == Size(width: 1024, height: 768))
        #expect(log.pens["red"] == Pen(color: try Color(hex: "#D32F2F"), width: 6))
        #expect(log.eraserWidth == 32)
        #expect(log.events.count == 3)
        guard case .stroke(let first) = log.events[0] else {
            Issue.record("expected a stroke")
            return
        }
        #expect(first.tool == .pen("red"))
        #expect(first.points == [StrokePoint(x: 120, y: 300), StrokePoint(x: 130, y: 302, time: 16),
                                 StrokePoint(x: 141, y: 305, time: 33, pressure: 0.6)])
        #expect(log.events[1] == .stroke(Stroke(tool: .eraser, points: [StrokePoint(x: 125, y: 290), StrokePoint(x: 125, y: 320)])))
        #expect(log.events[2] == .clear(time: nil))
    }

    @Test func fillsInTheSpecDefaults() throws {
        let log = try Boards.read(#"{"format":"touchline.strokes","version":1,"surface":{"width":800,"height":600},"events":[]}"#)
        #expect(log.pens == Pen.defaults)
        #expect(log.eraserWidth == 32)
        #expect(log.background == .pitch)
        #expect(log.orientation == .horizontal)
        #expect(log.dimensions == .standard)
        #expect(log.pitchRect == nil)
    }

    @Test func readsPitchPlacementAndSize() throws {
        let log = try Boards.log([], extra: ["pitch": ["rect": [10, 20, 1000, 640], "length": 100, "width": 64],
                                             "orientation": "vertical", "background": "half-pitch"])
        #expect(log.pitchRect == Rect(x: 10, y: 20, width: 1000, height: 640))
        #expect(log.dimensions == (try PitchDimensions(length: 100, width: 64)))
        #expect(log.orientation == .vertical)
        #expect(log.background == .halfPitch)
    }

    @Test func skipsAByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(Self.specExample.utf8)
        #expect(try StrokeLog(data: data, source: "bom.json").events.count == 3)
    }
}

@Suite struct PointerLogTests {
    /// The example of shared/spec/strokes.md, form 2.
    static let specExample = """
        {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":1024,"height":768}}
        {"t":0,"type":"tool","tool":"red"}
        {"t":12,"type":"down","id":1,"x":100,"y":200}
        {"t":28,"type":"move","id":1,"x":104,"y":203}
        {"t":30,"type":"down","id":2,"x":600,"y":420}
        {"t":44,"type":"up","id":1,"x":110,"y":207}
        {"t":61,"type":"cancel","id":2}
        {"t":70,"type":"tool","tool":"eraser"}
        {"t":90,"type":"clear"}
        """

    @Test func groupsTheSpecExample() throws {
        let log = try Boards.read(Self.specExample)
        #expect(log.form == .pointerLog)
        #expect(log.cancelledStrokes == 1)
        #expect(log.unfinishedStrokes == 0)
        #expect(log.events == [
            .stroke(Stroke(tool: .pen("red"), points: [StrokePoint(x: 100, y: 200, time: 12),
                                                       StrokePoint(x: 104, y: 203, time: 28),
                                                       StrokePoint(x: 110, y: 207, time: 44)])),
            .clear(time: 90),
        ])
    }

    @Test func multiTouchStrokesTakeTheirPlaceAtTheirUp() throws {
        let log = try Boards.read("""
            {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":100,"height":100}}
            {"t":0,"type":"tool","tool":"blue"}
            {"t":1,"type":"down","id":1,"x":10,"y":10}
            {"t":2,"type":"tool","tool":"red"}
            {"t":3,"type":"down","id":2,"x":50,"y":50,"pressure":0.3}
            {"t":4,"type":"move","id":1,"x":11,"y":11}
            {"t":5,"type":"move","id":2,"x":51,"y":51,"pressure":0.9}
            {"t":6,"type":"up","id":2,"x":52,"y":52}
            {"t":7,"type":"up","id":1}
            {"t":8,"type":"down","id":3,"x":0,"y":0}
            """)
        #expect(log.events.count == 2)
        #expect(log.unfinishedStrokes == 1)
        guard case .stroke(let first) = log.events[0], case .stroke(let second) = log.events[1] else {
            Issue.record("expected two strokes")
            return
        }
        // Pointer 2 lifted first; it keeps the tool selected at its down (red).
        #expect(first.tool == .pen("red"))
        #expect(first.points.map(\.pressure) == [0.3, 0.9, nil])
        // Pointer 1 keeps blue, and an up without coordinates still ends it at its time.
        #expect(second.tool == .pen("blue"))
        #expect(second.points.count == 3)
        #expect(second.endTime == 7)
    }

    @Test func headerlessLogsTakeTheSurfaceFromTheCaller() throws {
        let text = """
            {"t":0,"type":"down","id":"a","x":1,"y":2}
            {"t":5,"type":"up","id":"a","x":3,"y":4}
            """
        let log = try Boards.read(text, surface: Size(width: 640, height: 480))
        #expect(log.surface == Size(width: 640, height: 480))
        #expect(log.events.count == 1)
        #expect(throws: StrokeLogError(.missingHeader, source: "test.json", at: .line(1),
                                       "the pointer log has no header line; give the surface (for example --surface 1024x768)")) {
            try Boards.read(text)
        }
    }

    @Test func blankLinesAndWindowsLineEndsAreAccepted() throws {
        let text = Self.specExample.replacingOccurrences(of: "\n", with: "\r\n\r\n")
        #expect(try Boards.read(text).events.count == 2)
    }
}

/// Every error of the spec's list, each naming its place.
@Suite struct StrokeLogErrorTests {
    func error(_ text: String, surface: Size? = nil) -> StrokeLogError? {
        do {
            _ = try Boards.read(text, surface: surface)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["1e308", "-1e308", "9.3e18", "1e19", "4.9e-324"])
    func hugePitchLengthsAreRefusedWithAMessageNotATrap(_ length: String) throws {
        // 1e308 trapped ("Double value cannot be converted to Int") while the message was written.
        let text = StrokeDocumentTests.specExample.replacingOccurrences(of: #""background": "pitch","#,
                                                         with: #""background": "pitch", "pitch": {"length": \#(length)},"#)
        let failure = try #require(error(text))
        #expect(failure.location == .field("pitch"))
        #expect(failure.errorDescription?.contains("is outside Law 1") == true, "\(failure.errorDescription ?? "")")
    }

    @Test func malformedJSONGivesLineAndColumn() throws {
        let failure = try #require(error("{\n  \"format\": \"touchline.strokes\",\n  \"version\": 1,\n  \"events\": [}\n}"))
        #expect(failure.kind == .malformedJSON)
        #expect(failure.location == .position(line: 4, column: 14))
        #expect(failure.errorDescription?.hasPrefix("test.json:4:14: malformed JSON") == true)
    }

    @Test func malformedPointerLineGivesItsLine() throws {
        let text = PointerLogTests.specExample.replacingOccurrences(of: #"{"t":28,"type":"move","id":1,"x":104,"y":203}"#,
                                                                       with: #"{"t":28,"type":"move","id":1,"x":104,"y":}"#)
        let failure = try #require(error(text))
        #expect(failure.kind == .malformedJSON)
        #expect(failure.location == .position(line: 4, column: 42))
    }

    @Test func unknownToolInADocument() throws {
        let failure = try #require(error(String(decoding: Boards.document([Boards.stroke("green", [[1, 2]])]), as: UTF8.self)))
        #expect(failure.kind == .unknownTool)
        #expect(failure.location == .field("events[0].tool"))
        #expect(failure.message == "unknown tool 'green' (expected blue, red, eraser)")
    }

    @Test func unknownToolInAPointerLog() throws {
        let text = PointerLogTests.specExample.replacingOccurrences(of: #""tool":"eraser""#, with: #""tool":"marker""#)
        let failure = try #require(error(text))
        #expect(failure.kind == .unknownTool)
        #expect(failure.location == .lineField(line: 8, field: "tool"))
        #expect(failure.errorDescription == "test.json:8: tool: unknown tool 'marker' (expected blue, red, eraser)")
    }

    @Test func strokeWithNoPoints() throws {
        let failure = try #require(error(String(decoding: Boards.document([Boards.stroke("red", [[1, 2]]), Boards.stroke("red", [])]), as: UTF8.self)))
        #expect(failure.kind == .emptyStroke)
        #expect(failure.location == .field("events[1].points"))
    }

    @Test func nanIsMalformedAndInfinityIsNotFinite() throws {
        let nan = try #require(error(#"{"format":"touchline.strokes","version":1,"surface":{"width":10,"height":10},"events":[{"type":"stroke","tool":"red","points":[[NaN,1]]}]}"#))
        #expect(nan.kind == .malformedJSON)
        #expect(nan.location == .position(line: 1, column: 129))
        let infinite = try #require(error("{\"format\":\"touchline.strokes\",\"version\":1,\n\"surface\":{\"width\":10,\"height\":10},\n\"events\":[{\"type\":\"stroke\",\"tool\":\"red\",\"points\":[[1e999,1]]}]}"))
        #expect(infinite.kind == .notFinite)
        #expect(infinite.location == .position(line: 3, column: 52))
        #expect(infinite.message == "malformed JSON: number 1e999 is not finite")
    }

    @Test func timeGoingBackwardsInsideAStroke() throws {
        let failure = try #require(error(String(decoding: Boards.document([Boards.stroke("red", [[1, 2, 10], [2, 3, 20], [3, 4, 15]])]), as: UTF8.self)))
        #expect(failure.kind == .timeBackwards)
        #expect(failure.location == .field("events[0].points[2]"))
        #expect(failure.message == "time goes backwards inside the stroke: 15 ms after 20 ms")
        let pointer = try #require(error(PointerLogTests.specExample.replacingOccurrences(of: #"{"t":28,"#, with: #"{"t":5,"#)))
        #expect(pointer.kind == .timeBackwards)
        #expect(pointer.location == .lineField(line: 4, field: "t"))
    }

    @Test(arguments: ["move", "up", "cancel"])
    func pointerEventWithNoDown(_ type: String) throws {
        let text = """
            {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":100,"height":100}}
            {"t":1,"type":"down","id":1,"x":1,"y":1}
            {"t":2,"type":"\(type)","id":7,"x":2,"y":2}
            """
        let failure = try #require(error(text))
        #expect(failure.kind == .noPointerDown)
        #expect(failure.location == .lineField(line: 3, field: "id"))
        #expect(failure.message == "\(type) for pointer 7 with no down before it")
    }

    @Test func secondDownForAPointerThatIsDown() throws {
        let text = """
            {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":100,"height":100}}
            {"t":1,"type":"down","id":1,"x":1,"y":1}
            {"t":2,"type":"down","id":1,"x":2,"y":2}
            """
        #expect(error(text)?.kind == .pointerAlreadyDown)
    }

    @Test func unknownFormatOrVersion() throws {
        let format = try #require(error(#"{"format":"touchline.scribbles","version":1,"surface":{"width":10,"height":10},"events":[]}"#))
        #expect(format.kind == .unknownFormat)
        #expect(format.location == .field("format"))
        let version = try #require(error(#"{"format":"touchline.strokes","version":3,"surface":{"width":10,"height":10},"events":[]}"#))
        #expect(version.kind == .unsupportedVersion)
        #expect(version.message == "unsupported touchline.strokes version 3 (expected 1 or 2)")
        #expect(error(#"{"format":"touchline.strokes","version":1.5,"surface":{"width":10,"height":10},"events":[]}"#)?.kind
                == .unsupportedVersion)
        let pointerVersion = try #require(error(#"{"type":"header","format":"touchline.pointer","version":3,"surface":{"width":10,"height":10}}"#))
        #expect(pointerVersion.kind == .unsupportedVersion)
        #expect(pointerVersion.location == .lineField(line: 1, field: "version"))
        #expect(error(#"{"version":1,"surface":{"width":10,"height":10},"events":[]}"#)?.kind == .missingField)
    }

    @Test(arguments: ["", "   \n\n  ", "\u{FEFF}"])
    func emptyInput(_ text: String) {
        #expect(error(text)?.kind == .empty)
        #expect(error(text)?.errorDescription == "test.json: the file is empty; expected a stroke document or a pointer log")
    }

    @Test func fieldsOfTheWrongShapeNameTheField() throws {
        let cases: [(String, StrokeLogError.Location)] = [
            (String(decoding: Boards.document([Boards.stroke("red", [[1]])]), as: UTF8.self), .field("events[0].points[0]")),
            (String(decoding: Boards.document([["type": "stroke", "tool": "red", "points": [["a", 1]]]]), as: UTF8.self), .field("events[0].points[0][0]")),
            (String(decoding: Boards.document([Boards.stroke("red", [[1, 1, 0, 1.5]])]), as: UTF8.self), .field("events[0].points[0][3]")),
            (String(decoding: Boards.document([Boards.stroke("red", [[1, 1, -4]])]), as: UTF8.self), .field("events[0].points[0][2]")),
            (String(decoding: Boards.document([["type": "wipe"]]), as: UTF8.self), .field("events[0].type")),
            (String(decoding: Boards.document([], extra: ["surface": ["width": 0, "height": 10]]), as: UTF8.self), .field("surface.width")),
            (String(decoding: Boards.document([], extra: ["pens": ["red": ["color": "crimson"]]]), as: UTF8.self), .field("pens.red.color")),
            (String(decoding: Boards.document([], extra: ["pitch": ["length": 130]]), as: UTF8.self), .field("pitch")),
            (String(decoding: Boards.document([], extra: ["background": "grass"]), as: UTF8.self), .field("background")),
        ]
        for (text, location) in cases {
            #expect(error(text)?.location == location, "\(text)")
        }
    }

    @Test func pointerLinesOfTheWrongShapeNameTheField() throws {
        let header = #"{"type":"header","format":"touchline.pointer","version":1,"surface":{"width":100,"height":100}}"#
        let cases: [(String, String)] = [
            (#"{"t":1,"type":"down","id":1,"x":"a","y":1}"#, "x"),
            (#"{"t":-1,"type":"down","id":1,"x":1,"y":1}"#, "t"),
            (#"{"t":1,"type":"down","id":1,"x":1,"y":1,"pressure":2}"#, "pressure"),
            (#"{"t":1,"type":"down","id":1.5,"x":1,"y":1}"#, "id"),
            (#"{"t":1,"type":"down","id":1,"x":1}"#, "y"),
            (#"{"t":1,"type":"down","x":1,"y":1}"#, "id"),
            (#"{"t":1,"type":"hover","id":1}"#, "type"),
            (#"{"t":1,"type":"tool"}"#, "tool"),
        ]
        for (line, field) in cases {
            #expect(error(header + "\n" + line)?.location == .lineField(line: 2, field: field), "\(line)")
        }
        #expect(error(header + "\n" + header)?.message == "a header may only be the first line")
    }

    @Test func refusesInputsOverTheSizeLimit() {
        let huge = Data(count: StrokeLog.maximumInputBytes + 1)
        #expect(throws: StrokeLogError.self) { try StrokeLog(data: huge, source: "huge.json") }
    }
}
