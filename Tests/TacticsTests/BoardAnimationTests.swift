import Foundation
import Testing
import TestSupport
@testable import Canvas
@testable import Tactics

/// Animated boards, read back with Pillow (``AnimationProbe``).
@Suite struct BoardAnimationTests {
    /// A red stroke drawn 0-100 ms along y = 10 m, nothing for 900 ms, then a blue one along
    /// y = 40 m drawn 1000-1100 ms.
    static func pausedLog() throws -> StrokeLog {
        func stroke(_ tool: String, _ y: Double, from start: Double) -> [String: Any] {
            Boards.stroke(tool, (0...10).map { Boards.surface(20 + Double($0) * 3, y) + [start + Double($0) * 10] })
        }
        return try Boards.log([stroke("red", 10, from: 0), stroke("blue", 40, from: 1000)])
    }

    static func frames(_ animation: AnimationProbe.Animation) throws -> [RasterImage] {
        try animation.frames.map { try RasterImage(pngData: $0) }
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func framesFollowTheRecordedTimesWithoutRepeats(_ format: AnimatedImageFormat) throws {
        let renderer = try BoardRenderer(log: try Self.pausedLog())
        let animation = try BoardAnimation(renderer: renderer, format: format, framesPerSecond: 10)
        // Frames every 100 ms from 0 to 1100; the finished board held 2 s.
        #expect(animation.durations == Array(repeating: 100, count: 11) + [2000])
        let encoded = try animation.encode()
        // 0 ms: the red stroke's first point; 100-900 ms: the red stroke, unchanged (merged);
        // 1000 ms: the blue stroke's first point; 1100 ms: both, held.
        #expect(encoded.frames == 4 && encoded.durationMilliseconds == 3100)
        let read = try AnimationProbe.read(encoded.data)
        #expect(read.durations == [100, 900, 100, 2000] && read.loop == 0)
        #expect(read.width == 1024 && read.height == 768)
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func speedPlaysFaster(_ format: AnimatedImageFormat) throws {
        let renderer = try BoardRenderer(log: try Self.pausedLog())
        let animation = try BoardAnimation(renderer: renderer, format: format, framesPerSecond: 10, speed: 2)
        // Ten frames a second of the animation is five a second of the recording: 0, 200, ...,
        // 1000, then 1100 ms, each shown half as long as it took; the hold stays 2 s.
        #expect(animation.animator.frames.map(\.time) == [0, 200, 400, 600, 800, 1000, 1100])
        #expect(animation.durations == [100, 100, 100, 100, 100, 50, 2000])
        let read = try AnimationProbe.read(try animation.encode().data)
        #expect(read.durations == [100, 400, 50, 2000])
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func firstAndLastFramesShowThePitchAndTheInkExactly(_ format: AnimatedImageFormat) throws {
        let log = try Self.pausedLog()
        let renderer = try BoardRenderer(log: log)
        let read = try AnimationProbe.read(try BoardAnimation(renderer: renderer, format: format).encode().data)
        let frames = try Self.frames(read)
        let (first, last) = (try #require(frames.first), try #require(frames.last))
        let map = renderer.outputLayout.metresToSpace
        func probe(_ image: RasterImage, _ x: Double, _ y: Double) -> RGBA { image.pixel(at: map.apply(Point(x: x, y: y))) }
        // At 0 ms only the red stroke's first point: pitch where both strokes will run.
        #expect(probe(first, 20, 10) == Boards.red)
        #expect(probe(first, 40, 10) == Boards.grass && probe(first, 35, 40) == Boards.grass)
        #expect(probe(last, 40, 10) == Boards.red && probe(last, 35, 40) == Boards.blue)
        #expect(probe(last, 35, 25) == Boards.grass && probe(last, 52.5, 34) == Boards.white)
        // The last frame is the board as rendered: every pixel for WebP; for GIF every pixel of
        // a pen's or the pitch's colour, and the antialiased rest to its nearest palette colour.
        let (render, _) = try Boards.render(log)
        let reserved = Set([Boards.red, Boards.blue, Boards.grass, Boards.white, RGBA(BoardStyle.standard.stripe)])
        var worst = 0
        for y in 0..<render.height {
            for x in 0..<render.width {
                let (expected, shown) = (render.pixel(x: x, y: y), last.pixel(x: x, y: y))
                if format == .webp || reserved.contains(expected) {
                    guard shown == expected else {
                        Issue.record("pixel \(x),\(y): \(shown), expected \(expected)")
                        return
                    }
                }
                worst = max(worst, shown.distance(to: expected))
            }
        }
        #expect(worst <= 32)
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func theSameBoardGivesTheSameBytes(_ format: AnimatedImageFormat) throws {
        let renderer = try BoardRenderer(log: try Self.pausedLog(), options: BoardRenderOptions(stripes: true))
        let animation = try BoardAnimation(renderer: renderer, format: format, framesPerSecond: 20, speed: 1.5)
        #expect(try animation.encode().data == animation.encode().data)
    }

    @Test func anUntimedLogShowsAnEventASecond() throws {
        let strokes = [10.0, 30, 50].map { y in Boards.stroke("red", [Boards.surface(20, y), Boards.surface(50, y)]) }
        let log = try Boards.log(strokes)
        #expect(!log.isTimed)
        let animation = try BoardAnimation(renderer: try BoardRenderer(log: log), format: .gif, framesPerSecond: 50)
        #expect(animation.durations == [1000, 1000, 2000])
        let faster = try BoardAnimation(renderer: try BoardRenderer(log: log), format: .webp, speed: 4)
        #expect(faster.durations == [250, 250, 2000])
        let read = try AnimationProbe.read(try faster.encode().data)
        #expect(read.durations == [250, 250, 2000])
    }

    @Test func settingsOutsideTheirRangesAreRefused() throws {
        let renderer = try BoardRenderer(log: try Self.pausedLog())
        for fps in [0, -1, 0.5, 51, 1000, .nan, .infinity] {
            let error = #expect(throws: BoardAnimationError.self) {
                try BoardAnimation(renderer: renderer, format: .gif, framesPerSecond: fps)
            }
            #expect(error?.errorDescription == "the frames per second must be from 1 to 50")
        }
        for speed in [0, -2, 0.05, 101, .nan, -.infinity] {
            let error = #expect(throws: BoardAnimationError.self) {
                try BoardAnimation(renderer: renderer, format: .webp, speed: speed)
            }
            #expect(error?.description { "--\($0.rawValue)" } == "--speed must be from 0.1 to 100")
        }
        #expect(try BoardAnimation(renderer: renderer, format: .gif, framesPerSecond: 50, speed: 0.1).animator.frames.count == 551)
    }

    @Test func animationsThatCostTooMuchAreRefusedBeforeDrawing() throws {
        let long = try Boards.log([Boards.stroke("red", [[1, 1, 0], [2, 2, 86_400_000]])])
        #expect(throws: BoardAnimationError.tooManyFrames(864_001, maximum: 10_000)) {
            try BoardAnimation(renderer: try BoardRenderer(log: long), format: .gif, framesPerSecond: 10)
        }
        let renderer = try BoardRenderer(log: try Self.pausedLog())
        #expect(throws: BoardAnimationError.tooManyFrames(12, maximum: 11)) {
            try BoardAnimation(renderer: renderer, format: .gif, framesPerSecond: 10,
                               limits: BoardAnimation.Limits(frames: 11, pixels: .max))
        }
        #expect(throws: BoardAnimationError.tooManyPixels(12 * 1024 * 768, maximum: 1_000_000)) {
            try BoardAnimation(renderer: renderer, format: .gif, framesPerSecond: 10,
                               limits: BoardAnimation.Limits(frames: 100, pixels: 1_000_000))
        }
        #expect(BoardAnimationError.tooManyFrames(12, maximum: 11).description { "?\($0.rawValue)" }
                == "the animation would have 12 frames; at most 11 are drawn (lower ?fps or raise ?speed)")
        let huge = try BoardRenderer(log: try Self.pausedLog(), options: BoardRenderOptions(size: Size(width: 5000, height: 4000)))
        #expect(throws: CanvasError.animationFrameTooLarge(width: 5000, height: 4000, maximumSide: 65_535)) {
            try BoardAnimation(renderer: huge, format: .gif)
        }
    }

    @Test(arguments: [BoardBackground.none, .blank])
    func aGIFNeedsAnOpaqueBackground(_ background: BoardBackground) throws {
        var style = BoardStyle.standard
        style.blank = style.blank.withAlpha(0.5)
        let renderer = try BoardRenderer(log: try Self.pausedLog(), options: BoardRenderOptions(background: background, style: style))
        #expect(throws: BoardAnimationError.transparentGIF) { try BoardAnimation(renderer: renderer, format: .gif) }
        // WebP keeps the transparency.
        let read = try AnimationProbe.read(try BoardAnimation(renderer: renderer, format: .webp, framesPerSecond: 5).encode().data)
        let last = try #require(try Self.frames(read).last)
        #expect(last.pixel(x: 2, y: 2).alpha == (background == .none ? 0 : 128))
    }

    @Test func reservedColoursArePensThenTheStyle() throws {
        let renderer = try BoardRenderer(log: try Self.pausedLog())
        let animation = try BoardAnimation(renderer: renderer, format: .gif)
        #expect(animation.reservedColors == [Boards.blue, Boards.red, Boards.grass, RGBA(BoardStyle.standard.stripe),
                                             Boards.white, Boards.white])
    }
}
