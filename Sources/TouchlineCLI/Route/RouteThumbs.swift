import ArgumentParser
import Canvas
import Club
import Foundation
import MapTiles
import Routes
import Support

extension RouteCommand {
    /// `touchline route thumbs`: many small maps at once.
    struct Thumbs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "thumbs",
            abstract: "Render thumbnails of many tracks, every requested size of each, on all cores.",
            discussion: """
                Each file is parsed once and rendered at every --size; outputs are named \
                NAME-WxH.png (NAME-WxH@2x.png at --scale 2) in --out. Failures are listed at the end \
                with their reasons and make the exit status 65, after every other file was rendered.

                --shard K/N renders only the K-th of N slices of the files, chosen by a SHA-256 \
                hash of each path exactly as given, so N jobs given the same list render every \
                file exactly once between them. Give every job the same spellings (the same glob \
                from the same folder): tracks/a.gpx and ./tracks/a.gpx may fall in different \
                shards. K counts from 1: a Kubernetes Indexed Job gives K as \
                JOB_COMPLETION_INDEX + 1, a Slurm array (--array=1-N) as SLURM_ARRAY_TASK_ID. \
                The check that names do not collide still looks at every file, so every shard \
                refuses the same list; a shard that holds none of the files renders nothing and \
                exits 0.

                Examples:
                  touchline route thumbs tracks/*.gpx --out thumbs --size 320x200 \\
                    --size 160x100 --jobs 2
                  touchline route thumbs tracks/*.gpx --out thumbs \\
                    --shard $((JOB_COMPLETION_INDEX + 1))/8
                  parallel touchline route thumbs tracks/*.gpx --out thumbs \\
                    --shard {}/4 ::: 1 2 3 4
                """)
        @Argument(help: "Track or route files.") var inputs: [String]
        @Option(help: ArgumentHelp("The folder to write into (created if missing).", valueName: "dir")) var out: String
        @Option(help: ArgumentHelp("A thumbnail size; repeat for several.", valueName: "WxH")) var size: [Size] = []
        @Option(help: "Device pixels per unit.") var scale: Double = 1
        @Option(help: ArgumentHelp("Offline PNG or JPEG map tiles under the routes, from an MBTiles file.", valueName: "file.mbtiles"))
        var tiles: String?
        @Option(help: "How many files to render at once (default: every core).") var jobs: Int?
        @Option(help: ArgumentHelp("Render only the K-th of N slices of the files (K from 1), by a hash of each path as given.",
                                   valueName: "K/N"))
        var shard: String?
        @Flag(name: .shortAndLong, help: "Print only failures.") var quiet = false

        func validate() throws {
            guard !inputs.isEmpty else { throw ValidationError("give at least one file") }
            guard inputs.count <= 1_000_000 else { throw ValidationError("at most 1,000,000 files at once") }
            if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256") }
            guard RenderScale.isValid(scale, maximum: RenderScale.maximumThumbnail) else {
                throw ValidationError("--scale must be \(RenderScale.rule(maximum: RenderScale.maximumThumbnail))")
            }
            guard size.count <= 16 else { throw ValidationError("at most 16 sizes") }
            _ = try slice
            // `route render`'s rule, checked before the folder is made.
            for size in size {
                do {
                    try RouteMapRenderer.validate(RouteMapOptions(size: size, scale: scale))
                } catch {
                    throw ValidationError("--size: " + ((error as? LocalizedError)?.errorDescription ?? "\(error)"))
                }
            }
        }

        /// The `--shard` given, read; nil without one.
        var slice: Shard? {
            get throws {
                guard let shard else { return nil }
                guard let slice = Shard(shard) else {
                    throw ValidationError("--shard must be \(Shard.rule) (got \"\(shard)\")")
                }
                return slice
            }
        }

        /// The output name of `input` at `size`.
        static func name(_ input: String, _ size: Size, scale: Double) -> String {
            let base = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            let suffix = scale == 1 ? "" : "@\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x"
            return "\(base)-\(Int(size.width))x\(Int(size.height))\(suffix).png"
        }

        /// Parses one file and renders every size; the failure's reason, or nil.
        static func render(_ input: String, sizes: [Size], scale: Double, tiles: MBTilesSource? = nil,
                           into folder: URL) -> String? {
            do {
                let result = try RouteReader.read(contentsOf: URL(fileURLWithPath: input))
                for size in sizes {
                    let options = RouteMapOptions(size: size, scale: scale, tiles: tiles, attribution: tiles?.attribution)
                    let renderer = try RouteMapRenderer(document: result.document, options: options)
                    let png = try renderer.render(format: .png).data
                    try png.write(to: folder.appendingPathComponent(name(input, size, scale: scale)), options: .atomic)
                }
                return nil
            } catch {
                return (error as? LocalizedError)?.errorDescription ?? "\(error)"
            }
        }

        func run() async throws {
            let sizes = size.isEmpty ? [RouteMapOptions.thumbnailSize] : size
            let tileSource = try RouteCommand.openTiles(tiles, quiet: quiet)
            // Checked before the folder is made, so a refused run leaves nothing behind; over
            // every file, not only this shard's, so every shard refuses the same list.
            let names = inputs.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
            var firstByName: [String: String] = [:]
            for (input, name) in zip(inputs, names) {
                if let earlier = firstByName[name] {
                    throw CommandError(.usage, "\(earlier) and \(input) have the same name, so their thumbnails would collide")
                }
                firstByName[name] = input
            }
            let folder = URL(fileURLWithPath: out)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandError(.cannotCreate, "cannot create \(out): \(error.localizedDescription)")
            }
            let width = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            let showProgress = StandardError.isTerminal && !quiet
            var failures: [(String, String)] = []
            var done = 0
            let scale = self.scale
            let slice = try self.slice
            let inputs = slice.map { slice in self.inputs.filter(slice.contains) } ?? self.inputs
            await forEachConcurrently(inputs.count, width: width, { index in
                Self.render(inputs[index], sizes: sizes, scale: scale, tiles: tileSource, into: folder)
            }) { index, failure in
                done += 1
                if let failure { failures.append((inputs[index], failure)) }
                if showProgress {
                    FileHandle.standardError.write(Data("\r\(done)/\(inputs.count) files".utf8))
                }
            }
            if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            failures.sort { $0.0 < $1.0 }
            for (input, reason) in failures {
                StandardError.print("touchline: error: " + (reason.hasPrefix(input) ? reason : "\(input): \(reason)"))
            }
            let rendered = inputs.count - failures.count
            if !quiet || !failures.isEmpty {
                if let slice, inputs.isEmpty {
                    print("rendered no thumbnails into \(out): shard \(slice) holds none of the \(self.inputs.count) files")
                } else {
                    let share = slice.map { " (shard \($0): \(inputs.count) of \(self.inputs.count) files)" } ?? ""
                    print("rendered \(rendered * sizes.count) thumbnails of \(rendered) files into \(out)\(share); "
                          + "\(failures.count) failed")
                }
            }
            if !failures.isEmpty { throw ExitCode(ExitStatus.dataError.rawValue) }
        }
    }
}
