import Canvas

extension RasterImage {
    /// Width over height.
    var aspectRatio: Double { Double(width) / Double(max(height, 1)) }

    /// This image, or, when it has more pixels across than `frame` needs at `scale` pixels
    /// per point (the image fitted inside the frame without distortion), a copy reduced to that
    /// size: printing needs no more, and documents stay small and quick.
    func reduced(toFit frame: Rect, scale: Double) throws -> RasterImage {
        let fitted = frame.fitting(aspect: aspectRatio)
        guard Double(width) > (fitted.width * scale).rounded(.up) else { return self }
        let canvas = try Canvas(width: fitted.width, height: fitted.height, scale: scale)
        try canvas.draw(self, in: canvas.bounds)
        return try canvas.rasterImage()
    }
}
