import ArgumentParser
import Club
import Foundation
import GuideOffline
import Reports
import Routes
import Support

extension GuideCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Take a guide offline: a printable booklet (-o FILE.pdf) or a self-contained copy (-o FILE.zip).",
            discussion: """
                The PDF holds a cover, the places chapter by chapter with their pictures, hours \
                and prices and the comments' highlights, and the maps: every place, and each \
                itinerary day by day. The ZIP holds guide.json (documented in \
                docs/guide-archive.md), the pictures and photos, and the maps as PNG; 'touchline \
                guide import' reads it into another database. Only what you may see goes in. \
                Logged in, the export is your offline copy: 'touchline guide places GUIDE --order \
                not-downloaded' lists what changed since.

                Examples:
                  touchline guide export Bilbao -o bilbao.pdf
                  touchline guide export Bilbao -o bilbao.zip
                """)
        @Argument(help: "The guide, by name or id.") var guide: String
        @Option(name: .shortAndLong, help: ArgumentHelp("The file to write: .pdf or .zip.", valueName: "file")) var output: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var format: JSONFlag

        /// What `--json` prints: the file written and its size.
        struct Written: Encodable {
            var file: String
            var bytes: Int
        }

        func validate() throws {
            let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
            guard suffix == "pdf" || suffix == "zip" else { throw ValidationError("-o must name a .pdf or a .zip file") }
        }

        func run() throws {
            try Files.checkWritable(output)
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let guides = Guides(store: store)
            let archive = try guides.export(viewer, GuideReference(guide))
            let data = URL(fileURLWithPath: output).pathExtension.lowercased() == "pdf"
                ? try archive.bookletPDF()
                : try archive.withMaps().zip()
            try Files.write(data, to: output)
            if let viewer { try guides.recordDownload(viewer, GuideReference(guide)) }
            if format.json { return try Output.json(Written(file: output, bytes: data.count)) }
            print("wrote \(output) (\(Files.describeSize(data.count)))")
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Read a guide archive ('guide export -o FILE.zip') into this database, as yours; prints its id.",
            discussion: """
                Everything is checked before anything is written: the manifest's version, every \
                path it names (inside the archive, present), every picture (PNG or JPEG, at most \
                8 MiB), every value. Votes and comments stay in the archive: they are other \
                users'.

                Example:
                  touchline guide import bilbao.zip --name 'Bilbao (away day)'
                """)
        @Argument(help: "The archive.") var file: String
        @Option(help: "Name the guide this instead of as in the archive.") var name: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let archive = try GuideArchive(zip: try Files.read(file), source: file)
            let (store, actor) = try club.session()
            let guide = try Guides(store: store).importGuide(actor, archive, name: name)
            try Output.created(guide, id: guide.id, json: output.json)
        }
    }
}
