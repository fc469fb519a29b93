import Foundation
import Testing
@testable import Canvas
@testable import Tactics

/// Version 2 of both forms: undo and redo, read by both readers and replayed by the renderer
/// and the animator.
@Suite struct UndoRedoTests {
    /// One step of a board, written in either form.
    enum Step {
        case stroke(String, [[Double]])
        case clear, undo, redo
    }

    enum Form: CaseIterable { case document, pointer }

    /// The board of `steps` in `form`, version 2, on the 1024 x 768 test surface; a stroke's
    /// points are 10 ms apart and steps 100 ms apart.
    static func log(_ steps: [Step], form: Form, version: Int = 2) throws(StrokeLogError) -> StrokeLog {
        try StrokeLog(data: text(steps, form: form, version: version), source: "test")
    }

    static func text(_ steps: [Step], form: Form, version: Int = 2) -> Data {
        switch form {
        case .document:
            let events: [[String: Any]] = steps.enumerated().map { index, step in
                let t = Double(index * 100)
                switch step {
                case .stroke(let tool, let points):
                    return ["type": "stroke", "tool": tool,
                            "points": points.enumerated().map { [$1[0], $1[1], t + Double($0 * 10)] }]
                case .clear: return ["type": "clear", "t": t]
                case .undo: return ["type": "undo", "t": t]
                case .redo: return ["type": "redo", "t": t]
                }
            }
            var object = try? JSONSerialization.jsonObject(with: Boards.document(events)) as? [String: Any]
            object?["version"] = version
            return (try? JSONSerialization.data(withJSONObject: object ?? [:], options: [.sortedKeys])) ?? Data()
        case .pointer:
            var lines = [#"{"type":"header","format":"touchline.pointer","version":\#(version),"surface":{"width":1024,"height":768}}"#]
            for (index, step) in steps.enumerated() {
                let t = index * 100
                switch step {
                case .stroke(let tool, let points):
                    lines.append(#"{"t":\#(t),"type":"tool","tool":"\#(tool)"}"#)
                    for (number, point) in points.enumerated() {
                        let type = number == 0 ? "down" : number == points.count - 1 ? "up" : "move"
                        lines.append(#"{"t":\#(t + number * 10),"type":"\#(type)","id":7,"x":\#(point[0]),"y":\#(point[1])}"#)
                    }
                case .clear: lines.append(#"{"t":\#(t),"type":"clear"}"#)
                case .undo: lines.append(#"{"t":\#(t),"type":"undo"}"#)
                case .redo: lines.append(#"{"t":\#(t),"type":"redo"}"#)
                }
            }
            return Data(lines.joined(separator: "\n").utf8)
        }
    }

    /// A red line at y = 20 m and a blue one at y = 40 m, each from x = 10 to 40 m.
    let red = Step.stroke("red", [Boards.surface(10, 20), Boards.surface(25, 20), Boards.surface(40, 20)])
    let blue = Step.stroke("blue", [Boards.surface(10, 40), Boards.surface(25, 40), Boards.surface(40, 40)])

    func probe(_ steps: [Step], _ form: Form) throws -> (red: RGBA, blue: RGBA) {
        let (image, renderer) = try Boards.render(try Self.log(steps, form: form))
        let layout = renderer.outputLayout.metresToSpace
        return (image.pixel(at: layout.apply(Point(x: 25, y: 20))), image.pixel(at: layout.apply(Point(x: 25, y: 40))))
    }

    @Test(arguments: Form.allCases)
    func anUndoneStrokeShowsThePitchAndARedoneOneShowsInkAgain(_ form: Form) throws {
        let undone = try probe([red, blue, .undo], form)
        #expect(undone.red.distance(to: Boards.red) <= 8)
        #expect(undone.blue.distance(to: Boards.grass) <= 8)
        let redone = try probe([red, blue, .undo, .redo], form)
        #expect(redone.blue.distance(to: Boards.blue) <= 8)
        let twice = try probe([red, blue, .undo, .undo], form)
        #expect(twice.red.distance(to: Boards.grass) <= 8)
        #expect(twice.blue.distance(to: Boards.grass) <= 8)
        let oneBack = try probe([red, blue, .undo, .undo, .redo], form)
        #expect(oneBack.red.distance(to: Boards.red) <= 8)
        #expect(oneBack.blue.distance(to: Boards.grass) <= 8)
    }

    @Test(arguments: Form.allCases)
    func undoingAClearBringsTheInkBack(_ form: Form) throws {
        let cleared = try probe([red, .clear], form)
        #expect(cleared.red.distance(to: Boards.grass) <= 8)
        let back = try probe([red, .clear, .undo], form)
        #expect(back.red.distance(to: Boards.red) <= 8)
        let clearedAgain = try probe([red, .clear, .undo, .redo], form)
        #expect(clearedAgain.red.distance(to: Boards.grass) <= 8)
    }

    @Test(arguments: Form.allCases)
    func anUndoneEraserPassLeavesTheInkWhole(_ form: Form) throws {
        let eraser = Step.stroke("eraser", [Boards.surface(25, 10), Boards.surface(25, 30)])
        #expect(try probe([red, eraser], form).red.distance(to: Boards.grass) <= 8)
        #expect(try probe([red, eraser, .undo], form).red.distance(to: Boards.red) <= 8)
    }

    @Test(arguments: Form.allCases)
    func aNewStrokeForgetsWhatCouldBeRedone(_ form: Form) throws {
        #expect(throws: StrokeLogError.self) { try Self.log([red, .undo, blue, .redo], form: form) }
        do {
            _ = try Self.log([red, .undo, blue, .redo], form: form)
        } catch {
            #expect(error.kind == .nothingToRedo)
            #expect(error.localizedDescription.contains("redo with nothing to redo"))
        }
        let log = try Self.log([red, .undo, blue], form: form)
        #expect(BoardHistory(log.events).inEffect == [2])
    }

    @Test(arguments: Form.allCases)
    func errorsNameThePlace(_ form: Form) throws {
        func failure(_ steps: [Step], version: Int = 2) -> StrokeLogError? {
            do {
                _ = try Self.log(steps, form: form, version: version)
                return nil
            } catch { return error }
        }
        let nothing = try #require(failure([.undo]))
        #expect(nothing.kind == .nothingToUndo)
        #expect(nothing.location == (form == .pointer ? .lineField(line: 2, field: "type") : .field("events[0].type")))
        #expect(failure([red, .redo])?.kind == .nothingToRedo)
        let old = try #require(failure([red, .undo], version: 1))
        #expect(old.kind == .unsupportedVersion)
        #expect(old.message.contains("version 2"))
        #expect(failure([red], version: 3)?.kind == .unsupportedVersion)
        #expect(failure([red], version: 1) == nil)
    }

    @Test func untilCountsUndosAndRedosAsEvents() throws {
        let log = try Self.log([red, blue, .undo, .redo], form: .pointer)
        #expect(log.events.count == 4)
        #expect(log.summary.undos == 1 && log.summary.redos == 1)
        func blueShows(until: Int) throws -> Bool {
            let (image, renderer) = try Boards.render(log, BoardRenderOptions(until: until))
            return image.pixel(at: renderer.outputLayout.metresToSpace.apply(Point(x: 25, y: 40)), is: Boards.blue)
        }
        #expect(try blueShows(until: 2))
        #expect(try !blueShows(until: 3))
        #expect(try blueShows(until: 4))
    }

    @Test func theLiveParserReadsLineByLineAsTheFileReaderDoes() throws {
        let text = Self.text([red, blue, .undo, .clear, .undo, .redo], form: .pointer)
        var parser = PointerLogParser(source: "live")
        for line in text.split(separator: UInt8(ascii: "\n")) { try parser.feed(line: line) }
        #expect(try parser.finish() == (try StrokeLog(data: text, source: "live")))
        #expect(parser.lineCount == text.split(separator: UInt8(ascii: "\n")).count)
        var wrong = PointerLogParser(source: "live")
        try wrong.feed(lines: Data(#"{"type":"header","format":"touchline.pointer","version":2,"surface":{"width":10,"height":10}}"#.utf8))
        #expect(throws: StrokeLogError(.nothingToRedo, source: "live", at: .lineField(line: 2, field: "type"),
                                       "redo with nothing to redo (no undo since the last stroke or clear)")) {
            try wrong.feed(lines: Data(#"{"t":1,"type":"redo"}"#.utf8))
        }
    }

    /// The animation shows the stroke, then takes it away at the undo's time, as the page did.
    @Test func framesFollowUndoAndRedoInTime() throws {
        let log = try Self.log([red, blue, .undo, .redo], form: .pointer)
        let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(size: Size(width: 512, height: 384)))
        let animator = try BoardAnimator(renderer: renderer, spacing: .perSecond(20))
        var blueAt: [Double: Bool] = [:]
        let spot = renderer.outputLayout.metresToSpace.apply(Point(x: 25, y: 40))
        try animator.renderFrames { index, data in
            let image = try RasterImage(pngData: data)
            if let time = animator.frames[index].time { blueAt[time] = image.pixel(at: spot, is: Boards.blue) }
        }
        #expect(blueAt[150] == true)  // drawn (its up at 120 ms)
        #expect(blueAt[200] == false) // undone at 200 ms
        #expect(blueAt[250] == false)
        #expect(blueAt[300] == true)  // redone at 300 ms
    }

    /// Undo and redo back and forth costs a few strokes a frame, not the whole board again.
    @Test func undoBackAndForthDrawsFewStrokes() throws {
        let strokes = (0..<400).map { (index: Int) -> Step in
            let y = 5 + Double(index % 60)
            return Step.stroke(index % 2 == 0 ? "red" : "blue", [Boards.surface(10, y), Boards.surface(90, y)])
        }
        let toggles = (0..<200).map { $0 % 2 == 0 ? Step.undo : Step.redo }
        let log = try Self.log(strokes + toggles, form: .document)
        let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(size: Size(width: 128, height: 96)))
        var ink = try InkReplay(renderer: renderer)
        for completed in 1...log.events.count { try ink.advance(to: completed) }
        // 400 strokes once, then about one base (368 strokes) and at most 32 a toggle.
        #expect(ink.strokesDrawn <= 400 + 368 + 200 * 32)
        #expect(ink.strokesDrawn < 400 * 20)
        // And the picture is the renderer's.
        let frame = try renderer.makeCanvas()
        frame.draw(ink.ink)
        let whole = try renderer.makeCanvas()
        renderer.drawInk(on: whole, events: log.events.count)
        #expect(try RasterImage(pngData: try frame.encoded()) == (try RasterImage(pngData: try whole.encoded())))
    }
}
