import ArgumentParser
import Reports

/// `touchline card`: player cards, sheets of a squad's cards, and albums of collected cards.
struct CardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Print player cards, sheets of a squad's cards to cut out, and albums of collected cards.",
        discussion: """
            A card is trading-card size, 63.5 x 88.9 mm, drawn in vector by Touchline: the photo \
            (or a silhouette), squad number, name, position, team and season in the team's \
            colours, and the season's statistics from the database (appearances, minutes, goals, \
            assists, cards; for goalkeepers clean sheets and goals conceded instead of goals and \
            assists). Seeing a card needs a role on the player's team.

            Examples:
              touchline card render --player 12 -o nico.png --lang es
              touchline card sheet --team 'Athletic Infantil A' -o squad.pdf
              touchline card album examples/cards/album.json -o album.pdf
            """,
        subcommands: [CardRender.self, SquadSheet.self, CardAlbum.self]
    )
}

/// `--lang`: the language of a card's labels.
struct CardLanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"), help: ArgumentHelp("The labels' language: en, es or ca.", valueName: "lang"))
    var language: CardLanguage = .english
}

extension CardLanguage: ExpressibleByArgument {}
