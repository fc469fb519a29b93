/// Sizes written as `WxH`, as the command line and the HTTP API take them.
extension Size {
    /// `WxH`, for example `1600x1040`: each side finite and at least 1 (pixel or point), so
    /// `1e-300x1e-300` is refused rather than a drawing that fails. Nil for anything else.
    public init?(dimensions text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
        self.init(width: width, height: height)
    }
}
