import Canvas
import Foundation
import Testing
import TestSupport

/// `touchline board render LOG -o drill.gif|.webp`, read back with Pillow.
@Suite(.serialized) struct BoardAnimationCommandTests {
    /// A pointer log with one red stroke from 0 ms to `end` ms.
    static func pointerLog(endingAt end: Int) -> String {
        """
        {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":1024,"height":768}}
        {"t":0,"type":"tool","tool":"red"}
        {"t":0,"type":"down","id":1,"x":300,"y":300}
        {"t":\(end),"type":"up","id":1,"x":700,"y":400}

        """
    }

    @Test(arguments: ["gif", "webp"])
    func animatesTheRecordedTimes(_ format: String) throws {
        let scratch = try Scratch()
        let output = scratch.path("drill.\(format)")
        let result = try Touchline.run(["board", "render", Touchline.example("multitouch.jsonl"), "-o", output,
                                        "--size", "512x384", "--stripes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(output) (512x384 px, "), "\(result.stdout)")
        #expect(result.stdout.contains(" frames, 2.974 s, "))
        let read = try AnimationProbe.read(try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(read.format == format.uppercased() && read.width == 512 && read.height == 384 && read.loop == 0)
        // The last stroke ends at 974 ms; then the board is held 2 s. GIF counts hundredths.
        #expect(read.durations.last == 2000)
        #expect(read.durations.reduce(0, +) == (format == "gif" ? 2970 : 2974))
        // At most a frame every 67 ms (frames that repeat merge), none shorter than 20 ms.
        #expect(read.durations.count <= 16 && read.durations.allSatisfy { $0 >= 20 }, "\(read.durations)")
        let faster = try Touchline.run(["board", "render", Touchline.example("multitouch.jsonl"), "-o", output,
                                        "--size", "512x384", "--speed", "2", "--fps", "10", "-q"])
        #expect(faster.status == 0 && faster.stdout.isEmpty, "\(faster.stderr)")
        let quick = try AnimationProbe.read(try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(quick.durations.reduce(0, +) == (format == "gif" ? 2490 : 2487))
        #expect(quick.durations.count < read.durations.count)
    }

    @Test func theSameLogGivesTheSameBytes() throws {
        let scratch = try Scratch()
        for name in ["1.gif", "2.gif", "1.webp", "2.webp"] {
            let result = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path(name),
                                            "--size", "400x260", "--fps", "5", "-q"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for format in ["gif", "webp"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: scratch.path("1.\(format)")))
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: scratch.path("2.\(format)")))), "\(format)")
        }
    }

    @Test func anUntimedLogShowsAnEventASecondAndSaysSo() throws {
        let scratch = try Scratch()
        let document = try scratch.write("untimed.json", """
            {"format": "touchline.strokes", "version": 1, "surface": {"width": 1024, "height": 768}, "events": [
              {"type": "stroke", "tool": "red", "points": [[300, 300], [700, 300]]},
              {"type": "stroke", "tool": "blue", "points": [[300, 500], [700, 500]]},
              {"type": "clear"}
            ]}
            """)
        let result = try Touchline.run(["board", "render", document, "-o", scratch.path("steps.webp"), "--speed", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "touchline: note: \(document) has no timestamps; showing one event a second\n")
        let read = try AnimationProbe.read(try Data(contentsOf: URL(fileURLWithPath: scratch.path("steps.webp"))))
        #expect(read.durations == [500, 500, 2000])
    }

    @Test func badSettingsAreUsageErrors() throws {
        let scratch = try Scratch()
        let log = Touchline.example("multitouch.jsonl")
        let cases: [([String], String)] = [
            (["-o", scratch.path("a.gif"), "--fps", "0"], "--fps must be from 1 to 50"),
            (["-o", scratch.path("a.gif"), "--fps", "nan"], "--fps must be from 1 to 50"),
            (["-o", scratch.path("a.webp"), "--fps", "1e9"], "--fps must be from 1 to 50"),
            (["-o", scratch.path("a.gif"), "--speed", "0"], "--speed must be from 0.1 to 100"),
            (["-o", scratch.path("a.webp"), "--speed=-2"], "--speed must be from 0.1 to 100"),
            (["-o", scratch.path("a.png"), "--fps", "10"], "--fps and --speed animate: write a .gif or .webp file"),
            (["-o", scratch.path("a.gif"), "--until", "2"], "--until shows one moment: an animation shows every event"),
            (["-o", scratch.path("a.gif"), "--background", "none"], "a GIF cannot show --background none"),
            (["-o", scratch.path("a.bmp")], "use a .png, .svg, .pdf, .gif or .webp file name"),
        ]
        for (arguments, message) in cases {
            let result = try Touchline.run(["board", "render", log] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    }

    @Test func anAnimationTooLongOrNotDrawableLeavesNoFile() throws {
        let scratch = try Scratch()
        let long = try scratch.write("long.jsonl", Self.pointerLog(endingAt: 10_000_000))
        let output = scratch.path("drill.gif")
        let refused = try Touchline.run(["board", "render", long, "-o", output])
        #expect(refused.status == 65)
        #expect(refused.stderr == "touchline: error: the animation would have 150001 frames; at most 10000 are drawn "
                + "(lower --fps or raise --speed)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        // An earlier file stays as it was.
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: output))
        let style = try scratch.write("see-through.json", ##"{"blank": "#FFFFFF80"}"##)
        let translucent = try Touchline.run(["board", "render", long, "-o", output, "--background", "blank", "--style", style])
        #expect(translucent.status == 65)
        #expect(translucent.stderr.contains("a GIF cannot show a transparent or translucent background"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("earlier".utf8))
        let nowhere = try Touchline.run(["board", "render", Touchline.example("multitouch.jsonl"), "-o",
                                         scratch.path("no/such/drill.webp")])
        #expect(nowhere.status == 73)
        let tooLarge = try Touchline.run(["board", "render", Touchline.example("multitouch.jsonl"), "-o",
                                          scratch.path("big.webp"), "--size", "16384x100"])
        #expect(tooLarge.status == 64)
        #expect(tooLarge.stderr.contains("at most 16383 px a side"), "\(tooLarge.stderr)")
    }

    @Test func helpNamesTheAnimationOptions() throws {
        let help = try Touchline.run(["board", "render", "--help"])
        #expect(help.status == 0)
        for text in ["--fps", "--speed", ".gif or .webp", "held 2 s", "drill.gif"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }
}
