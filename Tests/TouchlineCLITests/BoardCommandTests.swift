import Canvas
import Foundation
import Testing

@Suite(.serialized) struct BoardCommandTests {
    @Test func versionAndHelp() throws {
        let version = try Touchline.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = try Touchline.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("board"))
        let boardHelp = try Touchline.run(["board", "render", "--help"])
        #expect(boardHelp.status == 0)
        #expect(boardHelp.stdout.contains("--until"))
        #expect(boardHelp.stdout.contains("Examples:"))
    }

    @Test(arguments: ["433.json", "mistake.json", "multitouch.jsonl"])
    func rendersEveryExampleToPNG(_ example: String) throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "render", Touchline.example(example), "-o", scratch.path("board.png"),
                                        "--size", "800x520", "--stripes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(scratch.path("board.png")) (800x520 px"))
        let image = try RasterImage(contentsOf: scratch.url.appendingPathComponent("board.png"))
        #expect(image.width == 800 && image.height == 520)
        // Red or blue ink is on it.
        #expect(image.count { $0.red > 180 && $0.green < 80 || $0.blue > 180 && $0.red < 60 } > 200)
    }

    @Test func withoutSizeTheOutputHasTheSurfacesSizeAndScaleMultipliesIt() throws {
        let scratch = try Scratch()
        #expect(try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("a.png"), "-q"]).status == 0)
        #expect(try RasterImage(contentsOf: scratch.url.appendingPathComponent("a.png")).width == 1024)
        #expect(try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("b.png"), "--scale", "2", "-q"]).status == 0)
        let doubled = try RasterImage(contentsOf: scratch.url.appendingPathComponent("b.png"))
        #expect(doubled.width == 2048 && doubled.height == 1536)
    }

    @Test func writesSVGAndPDFByExtension() throws {
        let scratch = try Scratch()
        for name in ["board.svg", "board.pdf", "BOARD.PDF"] {
            let result = try Touchline.run(["board", "render", Touchline.example("mistake.json"), "-o", scratch.path(name)])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let svg = try String(contentsOfFile: scratch.path("board.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        let pdf = try Data(contentsOf: URL(fileURLWithPath: scratch.path("board.pdf")))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let scratch = try Scratch()
        for name in ["1.png", "2.png", "1.pdf", "2.pdf", "1.svg", "2.svg"] {
            try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path(name), "-q"])
        }
        for format in ["png", "pdf", "svg"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: scratch.path("1.\(format)")))
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: scratch.path("2.\(format)")))), "\(format)")
        }
    }

    @Test func styleBackgroundAndCompressionFlags() throws {
        let scratch = try Scratch()
        let style = try scratch.write("club.json", ##"{"grass": "#224422", "lines": "#FFFF00"}"##)
        let styled = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("s.png"),
                                        "--style", style, "--compression", "smallest"])
        #expect(styled.status == 0, "\(styled.stderr)")
        let image = try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("s.png")))
        #expect(image.pixel(x: 3, y: 3) == RGBA(red: 0x22, green: 0x44, blue: 0x22))
        let transparent = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("t.png"),
                                             "--background", "none"])
        #expect(transparent.status == 0)
        #expect(try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("t.png"))).pixel(x: 3, y: 3).alpha == 0)
        let badStyle = try scratch.write("bad.json", #"{"grass": 7}"#)
        let refused = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("b.png"),
                                         "--style", badStyle])
        #expect(refused.status == 65)
        #expect(refused.stderr == "touchline: error: \(badStyle): grass: expected a string, found a number\n")
    }

    @Test func untilShowsFewerEvents() throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("u.png"), "--until", "3"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("3 of 18 events"))
    }

    @Test func framesAreWrittenAndCounted() throws {
        let scratch = try Scratch()
        let out = scratch.path("frames")
        let stepped = try Touchline.run(["board", "frames", Touchline.example("433.json"), "--out", out, "--every", "5"])
        #expect(stepped.status == 0, "\(stepped.stderr)")
        #expect(stepped.stdout == "wrote 4 frames to \(out)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted()
                == ["frame-00001.png", "frame-00002.png", "frame-00003.png", "frame-00004.png"])
        // A second run replaces the frames (the log lasts 954 ms: 0 to 1000 ms at 10 fps).
        let timed = try Touchline.run(["board", "frames", Touchline.example("multitouch.jsonl"), "--out", out, "--fps", "10"])
        #expect(timed.status == 0, "\(timed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 11)
        #expect(try RasterImage(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("frame-00011.png")).width == 1024)
    }

    @Test func checkSummarisesAsATableOrJSON() throws {
        let table = try Touchline.run(["board", "check", Touchline.example("multitouch.jsonl")])
        #expect(table.status == 0)
        #expect(table.stdout.contains("events              3 (3 strokes, 0 clears)"))
        #expect(table.stdout.contains("cancelled strokes   1"))
        let json = try Touchline.run(["board", "check", Touchline.example("433.json"), "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["events"] as? Int == 18)
        #expect(object["strokes"] as? Int == 18)
        #expect((object["strokesPerTool"] as? [String: Int]) == ["red": 12, "blue": 6])
        #expect(object["form"] as? String == "touchline.strokes")
    }

    @Test func headerlessPointerLogsNeedASurface() throws {
        let scratch = try Scratch()
        let log = try scratch.write("bare.jsonl", """
            {"t":0,"type":"down","id":1,"x":100,"y":100}
            {"t":9,"type":"up","id":1,"x":300,"y":200}
            """)
        let refused = try Touchline.run(["board", "render", log, "-o", scratch.path("bare.png")])
        #expect(refused.status == 65)
        #expect(refused.stderr == "touchline: error: \(log):1: the pointer log has no header line; give the surface (for example --surface 1024x768)\n")
        let accepted = try Touchline.run(["board", "render", log, "-o", scratch.path("bare.png"), "--surface", "640x480"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("bare.png"))).width == 640)
    }
}

/// Bad input: one line on stderr naming the place, a sysexits status, no output file.
@Suite(.serialized) struct BoardBadInputTests {
    static let cases: [(name: String, text: String, message: String)] = [
        ("empty.json", "", "empty.json: the file is empty; expected a stroke document or a pointer log"),
        ("syntax.json", "{\n\"format\": \"touchline.strokes\",\n\"version\": 1,,\n}", "syntax.json:3:14: malformed JSON: invalid value"),
        ("tool.json", #"{"format":"touchline.strokes","version":1,"surface":{"width":100,"height":100},"events":[{"type":"stroke","tool":"pencil","points":[[1,1]]}]}"#,
         "tool.json: events[0].tool: unknown tool 'pencil' (expected blue, red, eraser)"),
        ("nopoints.json", #"{"format":"touchline.strokes","version":1,"surface":{"width":100,"height":100},"events":[{"type":"stroke","tool":"red","points":[]}]}"#,
         "nopoints.json: events[0].points: a stroke needs at least one point"),
        ("infinite.json", #"{"format":"touchline.strokes","version":1,"surface":{"width":100,"height":100},"events":[{"type":"stroke","tool":"red","points":[[1e400,1]]}]}"#,
         "infinite.json:1:131: malformed JSON: number 1e400 is not finite"),
        ("backwards.json", #"{"format":"touchline.strokes","version":1,"surface":{"width":100,"height":100},"events":[{"type":"stroke","tool":"red","points":[[1,1,50],[2,2,40]]}]}"#,
         "backwards.json: events[0].points[1]: time goes backwards inside the stroke: 40 ms after 50 ms"),
        ("nodown.jsonl", "{\"type\":\"header\",\"format\":\"touchline.pointer\",\"version\":1,\"surface\":{\"width\":100,\"height\":100}}\n{\"t\":1,\"type\":\"move\",\"id\":4,\"x\":1,\"y\":1}",
         "nodown.jsonl:2: id: move for pointer 4 with no down before it"),
        ("format.json", #"{"format":"touchline.doodles","version":1,"events":[]}"#,
         "format.json: format: unknown format 'touchline.doodles' (expected touchline.strokes or touchline.pointer)"),
        ("version.json", #"{"format":"touchline.strokes","version":9,"surface":{"width":100,"height":100},"events":[]}"#,
         "version.json: version: unsupported touchline.strokes version 9 (expected 1 or 2)"),
        // Trapped while the message was written ("Double value cannot be converted to Int").
        ("pitch.json", #"{"format":"touchline.strokes","version":1,"surface":{"width":100,"height":100},"pitch":{"length":1e308},"events":[]}"#,
         "pitch.json: pitch: pitch 1e+308 x 68 m is outside Law 1"),
    ]

    @Test(arguments: cases.indices)
    func badInputIsOneLineAndNoFile(_ index: Int) throws {
        let testCase = Self.cases[index]
        let scratch = try Scratch()
        let input = try scratch.write(testCase.name, testCase.text)
        for output in ["out.png", "out.pdf"] {
            let result = try Touchline.run(["board", "render", testCase.name, "-o", output], in: scratch.url)
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("touchline: error: \(testCase.message)"), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(result.stdout.isEmpty)
        }
        #expect(scratch.files == [testCase.name])
        let check = try Touchline.run(["board", "check", input])
        #expect(check.status == 65)
        let frames = try Touchline.run(["board", "frames", input, "--out", scratch.path("frames")])
        #expect(frames.status == 65)
    }

    @Test func framesRemoveStagingFoldersOfKilledRunsAndKeepLiveOnes() throws {
        let scratch = try Scratch()
        let out = scratch.path("frames")
        // A run killed with -9 leaves its staging folder; pid 2^22 + 1 is above Linux's
        // largest, so no process has it. Our own pid stands for a run still writing.
        let dead = out + "/.staging-4194305.tmp", live = out + "/.staging-\(getpid()).tmp"
        for folder in [dead, live] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: folder + "/frame-00001.png", contents: Data([1])))
        }
        let result = try Touchline.run(["board", "frames", Touchline.example("433.json"), "--out", out, "--every", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).contains("frame-00001.png"))
    }

    @Test(arguments: ["1e-300x1e-300", "0.5x0.5", "0x10", "nanx10"])
    func aSizeUnderOnePixelIsAUsageError(_ size: String) throws {
        // 1e-300x1e-300 exited 70 ("drawing failed: invalid matrix").
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("x.png"), "--size", size])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(scratch.files.isEmpty)
    }

    @Test func missingInputIs66() throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "render", scratch.path("nope.json"), "-o", scratch.path("x.png")])
        #expect(result.status == 66)
        #expect(result.stderr == "touchline: error: \(scratch.path("nope.json")): no such file\n")
        #expect(scratch.files.isEmpty)
    }

    @Test func anOutputFolderThatDoesNotExistIs73() throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("no/such/x.png")])
        #expect(result.status == 73)
        #expect(result.stderr.hasPrefix("touchline: error: cannot create \(scratch.path("no/such/x.png"))"))
    }

    @Test(arguments: [["--size", "16385x100"], ["--size", "10001x10001"], ["--size", "9000x9000", "--scale", "2"]])
    func oversizedOutputsAreRefusedBeforeWriting(_ flags: [String]) throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "render", Touchline.example("433.json"), "-o", scratch.path("big.png")] + flags)
        #expect(result.status == 64)
        #expect(result.stderr.contains("too large: at most 16384 px a side and 100 megapixels"))
        #expect(scratch.files.isEmpty)
    }

    @Test func aHugeRecordingSurfaceIsBadData() throws {
        let scratch = try Scratch()
        let input = try scratch.write("wide.json", #"{"format":"touchline.strokes","version":1,"surface":{"width":50000,"height":100},"events":[]}"#)
        let result = try Touchline.run(["board", "render", input, "-o", scratch.path("wide.png")])
        #expect(result.status == 65)
        #expect(scratch.files == ["wide.json"])
    }

    @Test(arguments: [
        (["-o", "x.jpg"], "cannot tell the format of 'x.jpg'"),
        (["-o", "x.png", "--size", "big"], "--size"),
        (["-o", "x.png", "--scale", "0"], "--scale must be from 0.01"),
        (["-o", "x.png", "--until=-1"], "--until must be 0 or more"),
        (["-o", "x.png", "--background", "mud"], "--background"),
    ])
    func usageErrorsAre64(_ flags: [String], _ message: String) throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "render", Touchline.example("433.json")] + flags, in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(scratch.files.isEmpty)
    }

    @Test func framesLeaveNothingBehindOnBadInput() throws {
        let scratch = try Scratch()
        let input = try scratch.write("bad.json", #"{"format":"touchline.strokes","version":1,"surface":{"width":100,"height":100},"events":[{"type":"stroke","tool":"red","points":[[1,1,0],[2,2,90000000]]}]}"#)
        let result = try Touchline.run(["board", "frames", input, "--out", scratch.path("frames"), "--fps", "30"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("frames; at most 10000 are written (lower --fps or raise --every)"))
        #expect(scratch.files == ["bad.json"])
    }

    @Test(arguments: [
        (["--every", "9223372036854775806"], "--every must be from 1 to 1000000"),
        (["--every", "0"], "--every must be from 1 to 1000000"),
        (["--every", "1000001"], "--every must be from 1 to 1000000"),
        (["--fps", "0"], "--fps must be above 0 and at most 1000"),
        (["--fps", "1001"], "--fps must be above 0 and at most 1000"),
        (["--fps", "nan"], "--fps must be above 0 and at most 1000"),
        (["--fps", "inf"], "--fps must be above 0 and at most 1000"),
        (["--size", "20000x20000"], "--size: output 20000x20000 px is too large: at most 16384 px a side and 100 megapixels"),
        (["--size", "9000x9000", "--scale", "2"], "--size: output 18000x18000 px is too large"),
    ])
    func frameOptionsOutOfRangeAreUsageErrors(_ flags: [String], _ message: String) throws {
        // --every 9223372036854775806 trapped with "arithmetic overflow" (exit 132).
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "frames", Touchline.example("multitouch.jsonl"), "--out", scratch.path("frames")] + flags)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: " + message), "\(result.stderr)")
        #expect(scratch.files.isEmpty)
    }

    @Test func theWidestStepGivesOneFrame() throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["board", "frames", Touchline.example("433.json"), "--out", scratch.path("frames"),
                                        "--every", "1000000"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("frames")) == ["frame-00001.png"])
    }
}
