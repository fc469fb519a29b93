/// `LIKE` patterns from what users type, with `%`, `_` and the escape character `\` taken
/// literally (the statement says `ESCAPE '\'`).
enum LikePattern {
    /// The pattern of the texts that contain `text` anywhere.
    static func containing(_ text: String) -> String {
        "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }
}
