import Tactics

extension FrameSpacing.Setting {
    /// The setting in the command line's terms: its option, `--fps` or `--every`.
    var commandLineWording: String { "--\(rawValue)" }
}

extension BoardAnimation.Setting {
    /// The setting in the command line's terms: its option, `--fps` or `--speed`.
    var commandLineWording: String { "--\(rawValue)" }
}
