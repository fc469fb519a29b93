import Tactics

extension FrameSpacing.Setting {
    /// The setting in the command line's terms: its option, `--fps` or `--every`.
    var commandLineWording: String { "--\(rawValue)" }
}
