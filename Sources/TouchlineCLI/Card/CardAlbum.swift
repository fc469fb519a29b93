import ArgumentParser
import Canvas
import Foundation
import Reports

/// `touchline card album FILE -o FILE.pdf|FILE.png`.
struct CardAlbum: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Print an album of collected cards: each family a section, each card a numbered slot.",
        discussion: """
            FILE is an album in JSON ("format": "touchline-album", "version": 1; the README lists \
            its fields): the collection's title, its families, its cards (number, title, family, \
            image path relative to the file) and the copies owned. An owned card shows its image \
            (or its number and title on a filled slot); a missing card a dashed outline with its \
            number large and its title small; a card owned more than once a red badge ×N, N being \
            the copies owned. A .pdf output holds every A4 page; a .png output one page (--page, \
            from 1) at 144 dpi. Errors name the field (cards[3].family) or the card whose image is \
            missing (66) or not a PNG or JPEG of at most 2048 px a side and 4 megapixels (65).

            Examples:
              touchline card album examples/cards/album.json -o album.pdf
              touchline card album examples/cards/album.json -o album-2.png --page 2
            """
    )

    @Argument(help: "The album's JSON file.") var input: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The output file: .pdf, or .png for one page.", valueName: "file"))
    var output: String
    @Option(help: ArgumentHelp("With a .png output: the page to draw, from 1 (default 1).", valueName: "N")) var page: Int?
    @Flag(name: .shortAndLong, help: "Print nothing on success.") var quiet = false

    func validate() throws {
        try AlbumPrint.validate(output: output, page: page)
    }

    func run() throws {
        let data = try Files.read(input)
        try Files.checkWritable(output)
        let folder = URL(fileURLWithPath: input).deletingLastPathComponent()
        let album = try Album(data: data, source: input, imagesRelativeTo: folder)
        let bytes = try AlbumPrint.bytes(album, for: output, page: page)
        try Files.write(bytes, to: output)
        if !quiet { print(AlbumPrint.summary(album, output: output, bytes: bytes.count)) }
    }
}
