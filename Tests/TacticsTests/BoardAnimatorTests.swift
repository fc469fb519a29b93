import Foundation
import Testing
@testable import Canvas
@testable import Tactics

@Suite struct BoardAnimatorTests {
    func timedLog() throws -> StrokeLog {
        // Three strokes drawn 0-100 ms, 200-300 ms and 400-500 ms, then a clear at 600 ms.
        func stroke(_ tool: String, _ y: Double, from start: Double) -> [String: Any] {
            Boards.stroke(tool, (0...10).map { Boards.surface(20 + Double($0) * 3, y) + [start + Double($0) * 10] })
        }
        return try Boards.log([stroke("red", 10, from: 0), stroke("blue", 30, from: 200), stroke("red", 50, from: 400),
                               ["type": "clear", "t": 600]])
    }

    @Test func everyNEventsCountsFrames() throws {
        let renderer = try BoardRenderer(log: try timedLog())
        #expect(try BoardAnimator(renderer: renderer, spacing: .everyEvents(1)).frames.map(\.completedEvents) == [1, 2, 3, 4])
        #expect(try BoardAnimator(renderer: renderer, spacing: .everyEvents(3)).frames.map(\.completedEvents) == [3, 4])
        #expect(try BoardAnimator(renderer: renderer, spacing: .everyEvents(10)).frames.count == 1)
        #expect(throws: BoardAnimatorError.self) { try BoardAnimator(renderer: renderer, spacing: .everyEvents(0)) }
    }

    @Test func framesPerSecondFollowTheTimestamps() throws {
        let renderer = try BoardRenderer(log: try timedLog())
        let animator = try BoardAnimator(renderer: renderer, spacing: .perSecond(10))
        // 0, 100, ..., 600 ms: seven frames.
        #expect(animator.frames.map(\.time) == [0, 100, 200, 300, 400, 500, 600])
        #expect(animator.frames.map(\.completedEvents) == [0, 1, 1, 2, 2, 3, 4])
        for fps in [0, -5, 1001, .infinity, .nan] {
            #expect(throws: BoardAnimatorError.invalidSpacing("--fps must be above 0 and at most 1000")) {
                try BoardAnimator(renderer: renderer, spacing: .perSecond(fps))
            }
        }
    }

    @Test func stepsOutsideTheirRangeAreRefusedNotOverflowed() throws {
        let renderer = try BoardRenderer(log: try timedLog())
        // Int.max - 1 trapped on `events.count + step - 1` ("arithmetic overflow", exit 132).
        for step in [0, -1, Int.min, StrokeLog.maximumEvents + 1, Int.max - 1, Int.max] {
            #expect(throws: BoardAnimatorError.invalidSpacing("--every must be from 1 to 1000000 (a log holds at most that many events)")) {
                try BoardAnimator(renderer: renderer, spacing: .everyEvents(step))
            }
        }
        let widest = try BoardAnimator(renderer: renderer, spacing: .everyEvents(StrokeLog.maximumEvents))
        #expect(widest.frames == [FrameSpec(completedEvents: 4, time: nil)])
        #expect(FrameSpacing.everyEvents(1).problem == nil && FrameSpacing.perSecond(.nan).problem != nil)
    }

    @Test func aRateTooSmallForItsIntervalGivesOneFrameAtZero() throws {
        // 1000 / 1e-310 is infinite, and 0 x infinity is NaN: the one frame's time was NaN.
        let animator = try BoardAnimator(renderer: try BoardRenderer(log: try timedLog()), spacing: .perSecond(1e-310))
        #expect(animator.frames == [FrameSpec(completedEvents: 0, time: 0)])
        let slow = try BoardAnimator(renderer: try BoardRenderer(log: try timedLog()), spacing: .perSecond(1e-300))
        #expect(slow.frames.map(\.time) == [0, 600])
    }

    @Test func refusesAbsurdFrameCounts() throws {
        let log = try Boards.log([Boards.stroke("red", [[1, 1, 0], [2, 2, 86_400_000]])])
        #expect(throws: BoardAnimatorError.tooManyFrames(864_001)) {
            try BoardAnimator(renderer: try BoardRenderer(log: log), spacing: .perSecond(10))
        }
    }

    @Test func framesShowTheBoardAsItWasDrawn() throws {
        let log = try timedLog()
        let renderer = try BoardRenderer(log: log)
        let animator = try BoardAnimator(renderer: renderer, spacing: .perSecond(20))
        var frames: [RasterImage] = []
        try animator.renderFrames { index, data in
            #expect(index == frames.count)
            frames.append(try RasterImage(pngData: data))
        }
        #expect(frames.count == 13)
        let map = renderer.outputLayout.metresToSpace
        func probe(_ frame: Int, _ x: Double, _ y: Double) -> RGBA { frames[frame].pixel(at: map.apply(Point(x: x, y: y))) }
        // At 50 ms the first stroke is half drawn: ink at its start, none at its end.
        #expect(probe(1, 22, 10).distance(to: Boards.red) <= 8)
        #expect(probe(1, 48, 10).distance(to: Boards.grass) <= 8)
        // At 100 ms it is complete; the blue stroke has not begun.
        #expect(probe(2, 48, 10).distance(to: Boards.red) <= 8)
        #expect(probe(2, 35, 30).distance(to: Boards.grass) <= 8)
        // At 550 ms all three strokes; at 600 ms the clear has wiped them.
        #expect(probe(11, 35, 50).distance(to: Boards.red) <= 8)
        #expect(probe(12, 35, 10).distance(to: Boards.grass) <= 8)
        // The last frame of a stepped animation is the full render.
        var stepped: [Data] = []
        try BoardAnimator(renderer: renderer, spacing: .everyEvents(1)).renderFrames { stepped.append($1) }
        #expect(try RasterImage(pngData: stepped[2]) == RasterImage(pngData: BoardRenderer(log: log, options: BoardRenderOptions(until: 3)).render(format: .png)))
    }

    @Test(arguments: [(BoardBackground.pitch, 1.0), (.blank, 1), (.none, 1), (.blank, 0.5)])
    func revealingTheBackgroundMatchesCuttingAnInkLayer(_ background: BoardBackground, _ opacity: Double) throws {
        // The renderer paints the background back under the eraser; the animator cuts a separate
        // ink layer. Both must give the same picture, antialiased edges included.
        let scribble = Boards.stroke("red", (0..<40).map { Boards.surface(40 + Double($0) * 0.6, 28 + Double($0 % 5) * 2) })
        let eraser = Boards.stroke("eraser", [Boards.surface(45, 20), Boards.surface(55, 45), Boards.surface(52.5, 34)])
        let blue = Boards.stroke("blue", [Boards.surface(50, 25), Boards.surface(56, 40)])
        let log = try Boards.log([scribble, eraser, blue])
        var style = BoardStyle.standard
        style.blank = style.blank.withAlpha(opacity)
        let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(background: background, stripes: true,
                                                                               style: style))
        var last = Data()
        try BoardAnimator(renderer: renderer, spacing: .everyEvents(3)).renderFrames { last = $1 }
        let layered = try RasterImage(pngData: last)
        let direct = try RasterImage(pngData: try renderer.render(format: .png))
        var worst = 0
        for y in 0..<direct.height {
            for x in 0..<direct.width { worst = max(worst, direct.pixel(x: x, y: y).distance(to: layered.pixel(x: x, y: y))) }
        }
        // Compositing in two steps rounds to 8 bits twice: a few levels of 255 at most.
        #expect(worst <= 4)
    }
}
