import Foundation
import TestSupport
import Testing

/// The web board in a real browser: `Tests/Scripts/board_browser.py` starts the built
/// `touchline serve`, signs in through `/login` in Debian's headless Chromium (selenium and
/// chromedriver, from `scripts/bootstrap` and the test environment), draws with synthetic touch
/// input, saves, checks the server's PNG pixel by pixel where the fingers went, and watches a
/// second browser on the view link receive a stroke live. Chromium that cannot start, or a
/// missing test environment, fails the test with the reason; it is never skipped.
@Suite("The web board in headless Chromium", .timeLimit(.minutes(5)))
struct BrowserBoardTests {
    @Test("touch drawing, undo, redo, eraser and save show in the server's PNG; a viewer follows live")
    func drawSaveAndShareLive() throws {
        let scratch = try Scratch()
        let output = try TestPython.script("board_browser.py", [Touchline.binary.path, scratch.url.path,
                                                                try TestDatabase.reference(in: scratch.url)])
        let report = String(decoding: output, as: UTF8.self)
        // The script checks the pixels and exits non-zero on any failure; its report names what it did.
        for step in ["new board", "saved board", "red probes", "the viewer received the live stroke", "palm rejection",
                     "modules:"] {
            #expect(report.contains(step), "no '\(step)' in the report:\n\(report)")
        }
    }
}
