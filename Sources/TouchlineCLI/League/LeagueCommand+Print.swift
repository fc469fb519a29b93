import ArgumentParser
import Canvas
import Club
import Foundation
import League
import Reports

/// `touchline league table --format pdf|png|svg`: the options and the printing.
struct TablePrintOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Print to a file: pdf, png or svg (default: from -o's extension).", valueName: "format"))
    var format: OutputFormat?
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write; PNG and SVG pages after the first get -2, -3... before the extension.",
                                                    valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("a4, a3, a5, letter, legal or WIDTHxHEIGHTmm.", valueName: "paper"))
    var paper: PaperSize = .a4
    @Flag(help: "Turn the paper on its side.") var landscape = false
    @Option(help: ArgumentHelp("Pages after each table, comma-separated: home, away, grid, scorers, discipline.",
                               valueName: "pages"),
            transform: TablePrintOptions.pages)
    var pages: [LeagueBook.Page] = []
    @Option(help: ArgumentHelp("How many places the scorers and discipline pages list (ties at the cut stay).", valueName: "n"))
    var top = 30

    /// True when the table is to be printed rather than shown.
    var prints: Bool { format != nil || output != nil }

    /// The format: `--format`, else `-o`'s extension.
    var resolvedFormat: OutputFormat? {
        format ?? output.flatMap { OutputFormat(fileExtensionOf: URL(fileURLWithPath: $0)) }
    }

    static func pages(_ text: String) throws -> [LeagueBook.Page] {
        try text.split(separator: ",").map { name in
            guard let page = LeagueBook.Page(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw ValidationError("--pages: unknown page '\(name)' (expected \(LeagueBook.Page.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return page
        }
    }

    func validate() throws {
        guard prints else {
            if landscape || !pages.isEmpty { throw ValidationError("--landscape and --pages need --format or -o") }
            return
        }
        guard let output else { throw ValidationError("--format needs -o FILE") }
        guard let format = resolvedFormat else {
            throw ValidationError("cannot tell the format of \(output): give --format pdf, png or svg")
        }
        if let named = OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)), named != format {
            throw ValidationError("-o \(output) does not end in .\(format.rawValue)")
        }
        guard top >= 1, top <= 1000 else { throw ValidationError("--top must be from 1 to 1000") }
    }
}

/// Prints the tables of one or more leagues: one `Leagues` call per league, laid out by
/// ``LeagueBook``, then written.
struct TablePrinter {
    var leagues: Leagues
    var options: TablePrintOptions
    var rules: String?
    var venue: Venue
    var matchday: Int?
    var asOf: String?

    /// The book's layout, from the options.
    var layout: LeagueBook {
        LeagueBook(venue: venue, matchday: matchday, asOf: asOf, pages: options.pages, top: options.top,
                   paper: options.paper, landscape: options.landscape)
    }

    /// Lays out every league, then writes the files: one PDF, or a PNG or SVG per page moved
    /// in together (``StagedFolder``); nothing is written when anything fails.
    func print(_ references: [LeagueReference]) throws -> [String] {
        guard let output = options.output, let format = options.resolvedFormat else { return [] }
        try Files.checkWritable(output)
        let book = try layout.book(try references.map { try leagues.dossier($0, rules: rules) })
        if format == .pdf {
            try Files.write(try book.pdf(), to: output)
            return [output]
        }
        let paths = (1...book.pageCount).map { Self.numbered(output, page: $0) }
        let directory = (output as NSString).deletingLastPathComponent
        _ = try StagedFolder(directory: directory.isEmpty ? "." : directory).write { save in
            for (page, path) in paths.enumerated() {
                try save((path as NSString).lastPathComponent, format == .png ? try book.png(page: page) : try book.svg(page: page))
            }
        }
        return paths
    }

    /// `table.png` → `table.png` for page 1, `table-2.png` for page 2.
    static func numbered(_ path: String, page: Int) -> String {
        guard page > 1 else { return path }
        let file = path as NSString
        let ext = file.pathExtension
        return ext.isEmpty ? "\(path)-\(page)" : "\(file.deletingPathExtension)-\(page).\(ext)"
    }
}

extension OutputFormat: ExpressibleByArgument {}
