import League

/// The language of a card's labels: English, Spanish or Catalan.
///
/// ```swift
/// let labels = CardLanguage.spanish.labels
/// print(labels.cleanSheets) // Porterías a cero
/// ```
public enum CardLanguage: String, Sendable, Hashable, CaseIterable {
    case english = "en", spanish = "es", catalan = "ca"

    /// Every label a card prints, in one language.
    public struct Labels: Sendable, Hashable {
        /// Statistics: matches played.
        public var appearances: String
        /// Statistics: minutes played.
        public var minutes: String
        /// Statistics: goals scored.
        public var goals: String
        /// Statistics: assists.
        public var assists: String
        /// Statistics: yellow and red cards.
        public var cards: String
        /// Goalkeepers' statistics: matches of 60 minutes or more without conceding.
        public var cleanSheets: String
        /// Goalkeepers' statistics: goals conceded while on the pitch.
        public var goalsConceded: String
        /// Position name.
        public var goalkeeper: String
        /// Position name.
        public var defender: String
        /// Position name.
        public var midfielder: String
        /// Position name.
        public var forward: String
    }

    /// The labels in this language.
    public var labels: Labels {
        switch self {
        case .english:
            return Labels(appearances: "Appearances", minutes: "Minutes", goals: "Goals", assists: "Assists",
                          cards: "Cards", cleanSheets: "Clean sheets", goalsConceded: "Goals conceded",
                          goalkeeper: "Goalkeeper", defender: "Defender", midfielder: "Midfielder", forward: "Forward")
        case .spanish:
            return Labels(appearances: "Partidos", minutes: "Minutos", goals: "Goles", assists: "Asistencias",
                          cards: "Tarjetas", cleanSheets: "Porterías a cero", goalsConceded: "Goles encajados",
                          goalkeeper: "Portero", defender: "Defensa", midfielder: "Centrocampista", forward: "Delantero")
        case .catalan:
            return Labels(appearances: "Partits", minutes: "Minuts", goals: "Gols", assists: "Assistències",
                          cards: "Targetes", cleanSheets: "Porteries a zero", goalsConceded: "Gols encaixats",
                          goalkeeper: "Porter", defender: "Defensa", midfielder: "Migcampista", forward: "Davanter")
        }
    }

    /// The name of `position` in this language.
    public func name(of position: PlayerPosition) -> String {
        let labels = self.labels
        switch position {
        case .goalkeeper: return labels.goalkeeper
        case .defender: return labels.defender
        case .midfielder: return labels.midfielder
        case .forward: return labels.forward
        }
    }
}
