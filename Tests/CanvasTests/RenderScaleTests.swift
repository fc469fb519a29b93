import Canvas
import Testing

@Suite struct RenderScaleTests {
    @Test func aScaleIsFromTheMinimumToTheMaximum() {
        #expect(RenderScale.isValid(1) && RenderScale.isValid(16) && RenderScale.isValid(0.25))
        #expect(!RenderScale.isValid(0) && !RenderScale.isValid(-1) && !RenderScale.isValid(16.001))
        #expect(RenderScale.isValid(0.01) && !RenderScale.isValid(0.0099) && !RenderScale.isValid(.leastNonzeroMagnitude))
        #expect(!RenderScale.isValid(.nan) && !RenderScale.isValid(.infinity) && !RenderScale.isValid(1e308))
        #expect(RenderScale.isValid(4, maximum: RenderScale.maximumThumbnail))
        #expect(!RenderScale.isValid(4.5, maximum: RenderScale.maximumThumbnail))
        #expect(RenderScale.rule() == "from 0.01 to 16")
        #expect(RenderScale.rule(maximum: RenderScale.maximumThumbnail) == "from 0.01 to 4")
        #expect(RenderScale.rule(maximum: 2.5) == "from 0.01 to 2.5")
    }
}
