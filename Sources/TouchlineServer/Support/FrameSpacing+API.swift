import Tactics

extension FrameSpacing.Setting {
    /// The setting in the API's terms: its query parameter, `?fps` or `?every` (the library's
    /// own words name none, the command line's name its options).
    var apiWording: String { "?\(rawValue)" }
}

extension BoardAnimation.Setting {
    /// The setting in the API's terms: its query parameter, `?fps` or `?speed`.
    var apiWording: String { "?\(rawValue)" }
}
