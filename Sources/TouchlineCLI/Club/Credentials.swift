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
