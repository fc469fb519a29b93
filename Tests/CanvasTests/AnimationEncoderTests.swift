import Foundation
import Testing
import TestSupport
@testable import Canvas

/// Animated GIF and WebP, read back with Pillow (``AnimationProbe``), not with our own code.
@Suite struct AnimationEncoderTests {
    static let grass = RGBA(red: 0x3D, green: 0x8B, blue: 0x3D)
    static let red = RGBA(red: 0xD3, green: 0x2F, blue: 0x2F)
    static let blue = RGBA(red: 0x19, green: 0x76, blue: 0xD2)

    /// A `width` x `height` frame coloured by `color(x, y)`.
    static func frame(_ width: Int = 40, _ height: Int = 30, _ color: (Int, Int) -> RGBA) -> RasterImage {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = color(x, y)
                rgba += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
            }
        }
        return RasterImage(width: width, height: height, rgba: rgba)
    }

    /// Grass with a red block over columns `0..<inked` of rows 10..<20.
    static func drawing(inked columns: Int) -> RasterImage {
        frame { x, y in (10..<20).contains(y) && x < columns ? red : grass }
    }

    static func encode(_ format: AnimatedImageFormat, _ frames: [(RasterImage, Double)],
                       reserved: [RGBA] = [grass, red, blue]) throws -> EncodedAnimation {
        let first = try #require(frames.first?.0)
        let encoder = try AnimationEncoder(format: format, width: first.width, height: first.height, reservedColors: reserved)
        for (frame, milliseconds) in frames { try encoder.add(frame, durationMilliseconds: milliseconds) }
        return try encoder.finish()
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func framesThatRepeatAreMergedAndTheTimesAddUp(_ format: AnimatedImageFormat) throws {
        let frames = [(Self.drawing(inked: 0), 100.0), (Self.drawing(inked: 0), 50), (Self.drawing(inked: 10), 100),
                      (Self.drawing(inked: 10), 100), (Self.drawing(inked: 40), 2000)]
        let encoded = try Self.encode(format, frames)
        #expect(encoded.frames == 3 && encoded.durationMilliseconds == 2350)
        let read = try AnimationProbe.read(encoded.data)
        #expect(read.format == (format == .gif ? "GIF" : "WEBP"))
        #expect(read.width == 40 && read.height == 30 && read.loop == 0)
        #expect(read.durations == [150, 200, 2000])
        // Every frame as shown is exactly the frame given (its colours are reserved, or lossless).
        for (index, expected) in [Self.drawing(inked: 0), Self.drawing(inked: 10), Self.drawing(inked: 40)].enumerated() {
            #expect(try RasterImage(pngData: read.frames[index]) == expected, "frame \(index)")
        }
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func roundingIsCarriedSoTheTotalIsExact(_ format: AnimatedImageFormat) throws {
        // Three frames of 33.4 ms: 3, 4 and 3 hundredths (GIF) or 33, 34 and 33 ms (WebP).
        let frames = (0..<3).map { (Self.drawing(inked: 10 * $0), 33.4) }
        let read = try AnimationProbe.read(try Self.encode(format, frames).data)
        #expect(read.durations == (format == .gif ? [30, 40, 30] : [33, 34, 33]))
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func aFrameTooShortToShowGivesItsTimeToTheNext(_ format: AnimatedImageFormat) throws {
        let frames = [(Self.drawing(inked: 0), 100.0), (Self.drawing(inked: 5), 10), (Self.drawing(inked: 10), 100),
                      (Self.drawing(inked: 20), 5)]
        let encoded = try Self.encode(format, frames)
        // The 10 ms frame is not written and the next starts in its place; the last is always written.
        #expect(encoded.frames == 3)
        let read = try AnimationProbe.read(encoded.data)
        #expect(read.durations.count == 3 && read.durations.prefix(2) == [100, 110])
        #expect(try RasterImage(pngData: read.frames[1]) == Self.drawing(inked: 10))
    }

    @Test func gifPalettesKeepReservedColoursExactAmongThousands() throws {
        // 1,200 colours in a gradient, with the reserved colours on single pixels.
        let special: [Int: RGBA] = [5: Self.red, 500: Self.blue, 900: Self.grass]
        let image = Self.frame(40, 30) { x, y in
            special[y * 40 + x] ?? RGBA(red: UInt8(x * 6), green: UInt8(y * 8), blue: UInt8((x + y) % 7 * 30))
        }
        let read = try AnimationProbe.read(try Self.encode(.gif, [(image, 100)]).data)
        let shown = try RasterImage(pngData: read.frames[0])
        for (index, color) in special { #expect(shown.pixel(x: index % 40, y: index / 40) == color) }
        // The rest is shown in at most 256 colours, so not all exactly.
        var colors = Set<RGBA>(), exact = 0
        for y in 0..<30 {
            for x in 0..<40 {
                colors.insert(shown.pixel(x: x, y: y))
                if shown.pixel(x: x, y: y) == image.pixel(x: x, y: y) { exact += 1 }
            }
        }
        #expect(colors.count <= 256 && exact >= 256 && exact < 1200)
    }

    @Test func paletteRuleIsReservedThenMostFrequentThenByBytes() throws {
        // Two pixels of one colour, one each of two others, sixteen of a reserved colour.
        let a: UInt32 = 0xFF00_0010, b: UInt32 = 0xFF00_0020, c: UInt32 = 0xFF00_0030, reserved: UInt32 = 0xFF11_2233
        let pixels: [UInt32] = [c, b, a, a] + Array(repeating: reserved, count: 16)
        let palette = try #require(pixels.withUnsafeBufferPointer {
            GIFPalette(reserved: [reserved, 0xFF00_00FF], pixels: $0, width: 4, rect: PixelRect(x: 0, y: 0, width: 4, height: 5))
        })
        #expect(palette.colors == [reserved, 0xFF00_00FF, a, b, c])
        #expect(palette.tableSize == 8)
        #expect(palette.nearest(0xFF00_0012) == 2 && palette.nearest(0xFF00_00F0) == 1)
        // Not opaque: no palette.
        let clear: [UInt32] = [0x8000_0000]
        #expect(clear.withUnsafeBufferPointer {
            GIFPalette(reserved: [], pixels: $0, width: 1, rect: PixelRect(x: 0, y: 0, width: 1, height: 1))
        } == nil)
    }

    @Test func changedRectangleBoundsEveryDifference() {
        let old = [UInt32](repeating: 1, count: 12 * 10)
        var new = old
        new[3 * 12 + 7] = 2
        new[6 * 12 + 2] = 2
        old.withUnsafeBufferPointer { before in
            new.withUnsafeBufferPointer { after in
                #expect(PixelRect.changed(from: before, to: after, width: 12, height: 10)
                        == PixelRect(x: 2, y: 3, width: 6, height: 4))
                #expect(PixelRect.changed(from: before, to: before, width: 12, height: 10) == nil)
            }
        }
    }

    @Test func laterGIFFramesHoldOnlyWhatChanged() throws {
        let busy = Self.frame(200, 150) { x, y in RGBA(red: UInt8(x), green: UInt8(y), blue: UInt8((x * y) % 256)) }
        var dotted = busy.rgba
        dotted[(75 * 200 + 100) * 4] = 0xD3
        let one = try Self.encode(.gif, [(busy, 100)]).data
        let two = try Self.encode(.gif, [(busy, 100), (RasterImage(width: 200, height: 150, rgba: dotted), 100)]).data
        // The second frame is one pixel: its control block, descriptor, palette and a few codes.
        #expect(two.count - one.count < 100)
    }

    @Test(arguments: AnimatedImageFormat.allCases)
    func theSameFramesGiveTheSameBytes(_ format: AnimatedImageFormat) throws {
        let frames = (0...4).map { (Self.drawing(inked: $0 * 9), 66.7) }
        #expect(try Self.encode(format, frames).data == Self.encode(format, frames).data)
    }

    @Test func webpFramesAreLossless() throws {
        let frames = (0..<3).map { step in
            (Self.frame(32, 24) { x, y in RGBA(red: UInt8(x * 7 + step), green: UInt8(y * 9), blue: UInt8(x ^ y), alpha: 255) }, 100.0)
        }
        let read = try AnimationProbe.read(try Self.encode(.webp, frames).data)
        for (index, (expected, _)) in frames.enumerated() {
            #expect(try RasterImage(pngData: read.frames[index]) == expected)
        }
    }

    @Test func aGIFDelayBeyond655SecondsGoesOnInAnotherFrame() throws {
        let encoded = try Self.encode(.gif, [(Self.drawing(inked: 0), 700_000), (Self.drawing(inked: 10), 100)])
        let read = try AnimationProbe.read(encoded.data)
        #expect(read.durations == [655_350, 44_650, 100])
        #expect(try RasterImage(pngData: read.frames[1]) == Self.drawing(inked: 0))
    }

    @Test func badFramesAndDurationsAreRefused() throws {
        let encoder = try AnimationEncoder(format: .gif, width: 40, height: 30)
        for milliseconds in [-1, .nan, .infinity, AnimationEncoder.maximumDurationMilliseconds + 1] {
            #expect(throws: CanvasError.self) { try encoder.add(Self.drawing(inked: 0), durationMilliseconds: milliseconds) }
        }
        #expect(throws: CanvasError.animationFrameSize(width: 10, height: 10, expectedWidth: 40, expectedHeight: 30)) {
            try encoder.add(Self.frame(10, 10) { _, _ in Self.grass }, durationMilliseconds: 10)
        }
        // Translucent pixels cannot be shown by a GIF whose frames are drawn over each other.
        try encoder.add(Self.frame { x, _ in x == 3 ? RGBA(red: 0, green: 0, blue: 0, alpha: 0) : Self.grass },
                        durationMilliseconds: 100)
        #expect(throws: CanvasError.transparentGIFFrame) { try encoder.finish() }
        #expect(throws: CanvasError.animationEncoding("an animation needs at least one frame")) {
            try AnimationEncoder(format: .webp, width: 4, height: 4).finish()
        }
        #expect(throws: CanvasError.animationFrameTooLarge(width: 16_384, height: 10, maximumSide: 16_383)) {
            try AnimationEncoder(format: .webp, width: 16_384, height: 10)
        }
        #expect(throws: CanvasError.animationFrameTooLarge(width: 5000, height: 5000, maximumSide: 65_535)) {
            try AnimationEncoder(format: .gif, width: 5000, height: 5000)
        }
    }

    @Test func formatsFollowTheExtension() {
        #expect(AnimatedImageFormat(fileExtensionOf: URL(fileURLWithPath: "drill.GIF")) == .gif)
        #expect(AnimatedImageFormat(fileExtensionOf: URL(fileURLWithPath: "drill.webp"))?.mediaType == "image/webp")
        #expect(AnimatedImageFormat(fileExtensionOf: URL(fileURLWithPath: "drill.png")) == nil)
    }
}
