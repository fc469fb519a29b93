/// A player's line on the pitch, as squads store it and cards print it (`GK`, `DF`, `MF`, `FW`).
public enum PlayerPosition: String, Sendable, Hashable, Codable, CaseIterable {
    case goalkeeper = "GK", defender = "DF", midfielder = "MF", forward = "FW"
}
