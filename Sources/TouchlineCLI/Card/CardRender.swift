import ArgumentParser
import Canvas
import Club
import Foundation
import Reports

/// `touchline card render --player ID -o FILE`.
struct CardRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a player's card: a PNG of 750 x 1050 px (300 dpi) or a one-page PDF of 63.5 x 88.9 mm.",
        discussion: """
            The format follows the output's extension. The statistics cover the matches of the \
            player's team in its season that you may see (league matches, and the friendlies you \
            recorded), the player being named in line-ups and events as "first name surnames" \
            (case and accents aside). A photo that is not a readable PNG or JPEG, or is larger than 4096 px \
            a side or 16 megapixels, is an error (65).

            Examples:
              touchline card render --player 12 -o nico.png
              touchline card render --player 12 -o nico.pdf --lang ca --as alice
            """
    )

    @Option(help: "The player's id.") var player: Int64
    @Option(name: .shortAndLong, help: ArgumentHelp("The output file: .png or .pdf.", valueName: "file"))
    var output: String
    @OptionGroup var labels: CardLanguageOption
    @OptionGroup var club: ClubOptions
    @Flag(name: .shortAndLong, help: "Print nothing on success.") var quiet = false

    var format: OutputFormat? {
        OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)).flatMap { $0 == .svg ? nil : $0 }
    }

    func validate() throws {
        guard format != nil else { throw ValidationError("cannot tell the format of '\(output)': use a .png or .pdf file name") }
    }

    func run() throws {
        try Files.checkWritable(output)
        let (store, actor) = try club.session()
        let card = try PlayerCard(try Cards(store: store).player(actor, id: player).cardDetails)
        let isPNG = format == .png
        let data = isPNG ? try card.png(language: labels.language) : try card.pdf(language: labels.language)
        try Files.write(data, to: output)
        if !quiet {
            print("wrote \(output) (card of \(card.name), \(isPNG ? "750x1050 px" : "63.5x88.9 mm"), \(Files.describeSize(data.count)))")
        }
    }
}
