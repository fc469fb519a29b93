import ArgumentParser
import Canvas
import Club
import Foundation
import Reports
import Support

/// `touchline card sheet --team TEAM -o FILE.pdf|DIR/`.
struct SquadSheet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Print a team's squad: nine cards to an A4 page with crop marks, or one PNG per player.",
        discussion: """
            Cards follow the squad numbers. To a .pdf output they go 3 x 3 on each A4 page, \
            centred, with 3 mm gutters and crop marks at every card corner, drawn only in the \
            gutters and margins; the team and season and the page number go in the bottom margin. \
            To a folder (a path ending in /, or an existing folder) each card goes as a PNG of \
            750 x 1050 px named after its number and player, 07-nico-williams.png. Either way the \
            output is written only once every card is drawn: one unreadable photo fails the whole \
            sheet, naming the player.

            Examples:
              touchline card sheet --team 'Athletic Infantil A' -o squad.pdf
              touchline card sheet --team 3 -o cards/ --lang es --jobs 2
            """
    )

    @Option(help: "The team's id or name.") var team: String
    @Option(name: .shortAndLong, help: ArgumentHelp("A .pdf file, or a folder (ending in /) for one PNG per player.",
                                                    valueName: "file|dir/"))
    var output: String
    @OptionGroup var labels: CardLanguageOption
    @Option(help: "With a folder: how many cards to draw at once (default: every core).") var jobs: Int?
    @OptionGroup var club: ClubOptions
    @Flag(name: .shortAndLong, help: "Print nothing on success.") var quiet = false

    /// True when the output is a folder of PNGs.
    var toFolder: Bool {
        var isDirectory: ObjCBool = false
        return output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
            && isDirectory.boolValue)
    }

    func validate() throws {
        if !toFolder, OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) != .pdf {
            throw ValidationError("cannot tell the output of '\(output)': use a .pdf file name, or a folder ending in / for PNGs")
        }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256") }
    }

    func run() async throws {
        if !toFolder { try Files.checkWritable(output) }
        let (store, actor) = try club.session()
        let (team, players) = try Cards(store: store).squad(actor, team: TeamReference(self.team))
        let cards = try PlayerCard.squad(players.map(\.cardDetails), team: team.name)
        if toFolder {
            let pngs = try await Self.render(cards, language: labels.language,
                                             jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let names = try StagedFolder(directory: output).write { save in
                for (card, data) in zip(cards, pngs) { try save(card.fileName, data) }
            }
            if !quiet { print("wrote \(names.count) cards of \(team.name) to \(output)") }
        } else {
            let sheet = try CardSheet(squad: cards, team: team.name, season: team.season, language: labels.language)
            let data = try sheet.pdf()
            try Files.write(data, to: output)
            if !quiet {
                let pages = sheet.pageCount == 1 ? "1 A4 page" : "\(sheet.pageCount) A4 pages"
                print("wrote \(output) (\(cards.count) cards on \(pages), \(Files.describeSize(data.count)))")
            }
        }
    }

    /// Every card's PNG, in order, drawn `jobs` at a time; the first card that fails (in
    /// squad order, whatever finished first) is the error.
    static func render(_ cards: [PlayerCard], language: CardLanguage, jobs: Int) async throws -> [Data] {
        var results = [Result<Data, any Error>?](repeating: nil, count: cards.count)
        await forEachConcurrently(cards.count, width: jobs, { index in Result { try cards[index].png(language: language) } }) {
            results[$0] = $1
        }
        return try results.map { try ($0 ?? .failure(CommandError(.software, "a card was not drawn"))).get() }
    }
}
