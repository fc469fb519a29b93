import Foundation

/// Where passwords come from: `--password-stdin`, then `$TOUCHLINE_PASSWORD`, then a prompt
/// without echo on a terminal. Never from an argument; never printed.
enum Passwords {
    /// The environment variable holding the password.
    static let variable = "TOUCHLINE_PASSWORD"
    /// The environment variable holding a new password for `user passwd`.
    static let newVariable = "TOUCHLINE_NEW_PASSWORD"

    /// Reads a password.
    ///
    /// - Parameters:
    ///   - fromStandardInput: `--password-stdin` was given: read the next line of standard input.
    ///   - variable: the environment variable to use otherwise.
    ///   - prompt: what to ask on a terminal.
    ///   - confirm: on a terminal, ask twice and require the same answer.
    static func read(fromStandardInput: Bool, variable: String = variable, prompt: String,
                     confirm: Bool = false) throws -> String {
        if fromStandardInput {
            guard let line = Swift.readLine(strippingNewline: true) else {
                throw CommandError(.usage, "--password-stdin: standard input ended before a password")
            }
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        if let password = ProcessInfo.processInfo.environment[variable], !password.isEmpty {
            return password
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandError(.usage, "no password: set \(variable), pass --password-stdin, or run on a terminal")
        }
        let password = try prompted(prompt)
        if confirm, try prompted("Again: ") != password {
            throw CommandError(.usage, "the two passwords differ")
        }
        return password
    }

    /// Asks on standard error and reads a line from the terminal with echo off.
    private static func prompted(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var original = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        }
        defer {
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &original) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = Swift.readLine(strippingNewline: true) else {
            throw CommandError(.usage, "no password given")
        }
        return line
    }
}

/// The sessions `touchline login` opened, one per database, in
/// `$XDG_CONFIG_HOME/touchline/sessions.json` (`~/.config/...` by default), readable by the
/// user only (0600). The database keeps only each token's hash.
struct SessionFile {
    struct Entry: Codable, Equatable {
        var username: String
        var token: String
    }

    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        url = URL(fileURLWithPath: config).appendingPathComponent("touchline/sessions.json")
    }

    /// The sessions by database path.
    func load() -> [String: Entry] {
        guard let data = try? Data(contentsOf: url),
              let entries = try? JSONDecoder().decode([String: Entry].self, from: data) else { return [:] }
        return entries
    }

    /// The session for `database`, if any.
    func entry(for database: String) -> Entry? { load()[Self.key(database)] }

    /// Saves (or, with nil, forgets) the session for `database`.
    func set(_ entry: Entry?, for database: String) throws {
        var entries = load()
        entries[Self.key(database)] = entry
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            // Write to a private temporary file, then rename: the token is never world-readable.
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".sessions-\(getpid()).tmp")
            guard manager.createFile(atPath: temporary.path, contents: try encoder.encode(entries),
                                     attributes: [.posixPermissions: 0o600]) else {
                throw CommandError(.cannotCreate, "cannot write \(temporary.path)")
            }
            if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
            try manager.moveItem(at: temporary, to: url)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError(.cannotCreate, "cannot save the session in \(url.path): \(error.localizedDescription)")
        }
    }

    static func key(_ database: String) -> String {
        URL(fileURLWithPath: database).standardizedFileURL.path
    }
}
