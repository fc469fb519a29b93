/// What the ink is drawn over.
public enum BoardBackground: String, Sendable, CaseIterable, Codable {
    /// The whole pitch (the default).
    case pitch
    /// One half of the pitch, the half attacking right (horizontal) or up (vertical).
    case halfPitch = "half-pitch"
    /// A plain colour.
    case blank
    /// Transparent.
    case none

    /// True for the backgrounds that show a pitch.
    public var showsPitch: Bool { self == .pitch || self == .halfPitch }
}

/// Which way the pitch lies.
public enum PitchOrientation: String, Sendable, CaseIterable, Codable {
    /// Goals left and right (the default).
    case horizontal
    /// Goals top and bottom.
    case vertical
}
