import Canvas
import Testing

@Suite struct RenderScaleTests {
    @Test func aScaleIsAboveZeroAndAtMostTheMaximum() {
        #expect(RenderScale.isValid(1) && RenderScale.isValid(16) && RenderScale.isValid(0.25))
        #expect(!RenderScale.isValid(0) && !RenderScale.isValid(-1) && !RenderScale.isValid(16.001))
        #expect(!RenderScale.isValid(.nan) && !RenderScale.isValid(.infinity) && !RenderScale.isValid(1e308))
        #expect(RenderScale.isValid(4, maximum: RenderScale.maximumThumbnail))
        #expect(!RenderScale.isValid(4.5, maximum: RenderScale.maximumThumbnail))
        #expect(RenderScale.rule() == "above 0 and at most 16")
        #expect(RenderScale.rule(maximum: RenderScale.maximumThumbnail) == "above 0 and at most 4")
        #expect(RenderScale.rule(maximum: 2.5) == "above 0 and at most 2.5")
    }
}
