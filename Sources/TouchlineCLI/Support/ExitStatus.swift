import ArgumentParser
import Canvas
import Club
import Foundation
import League
import Reports
import Routes
import Stickers
import Tactics

/// sysexits(3) codes the CLI exits with.
enum ExitStatus: Int32 {
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    case ioError = 74
    case permission = 77
}

/// An error the CLI reports as one line with a chosen exit status.
struct CommandError: Error, LocalizedError {
    var status: ExitStatus
    var message: String

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    var errorDescription: String? { message }
}

/// What the command line does with an error a command's `run()` threw: ArgumentParser's own
/// (an exit code, help, a usage error) as they are; any other printed as one line,
/// `touchline: error: MESSAGE`, on standard error and turned into its sysexits code.
/// ``Touchline/main()`` calls it once for every command.
func reported(_ error: any Error) -> any Error {
    switch error {
    case is ExitCode, is CleanExit, is ValidationError: return error
    // `touchline help COMMAND` runs ArgumentParser's own help command, which throws its
    // internal error types to have the help printed.
    case _ where String(reflecting: type(of: error)).hasPrefix("ArgumentParser."): return error
    default:
        // A remedy is worded as the command line does it: its command or option (as are the
        // frame spacing's settings).
        let message = (error as? ClubError)?.description(wording: \.commandLineWording)
            ?? (error as? BoardAnimatorError)?.description(wording: \.commandLineWording)
            ?? (error as? BoardAnimationError)?.description(wording: \.commandLineWording)
            ?? (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        StandardError.print("touchline: error: \(message)")
        return ExitCode(ExitStatus.of(error).rawValue)
    }
}

extension ExitStatus {
    /// The status for an error thrown by a library module.
    static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let error as CommandError: return error.status
        case RouteMapError.sizeTooSmall: return .usage
        case ManifestError.missing: return .noInput
        case is StrokeLogError, is PitchDimensionsError, is RouteReadError, is RouteMapError, is PlayerCardError,
             is ImportError, is ManifestError, is StickerError, is OddsError, is GuideArchiveError: return .dataError
        case let error as ClubError:
            switch error {
            case .permissionDenied, .invalidCredentials: return .permission
            case .busy: return .unavailable
            case .invalid, .refused, .duplicate, .conflict, .notFound, .ambiguous: return .dataError
            case .storage(_, let problem):
                switch problem {
                case .readOnly: return .permission
                case .cannotOpen: return .cannotCreate
                case .diskFull, .ioError: return .ioError
                case .notADatabase, .corrupt, .outdatedSchema, .newerSchema: return .dataError
                case .unreachable: return .unavailable
                }
            }
        case let error as StoreCopyError:
            switch error {
            case .sourceMissing: return .noInput
            case .sameDatabase: return .usage
            // The target is the copy's output, which cannot be made: it holds rows, or what it
            // holds after writing is not what was written.
            case .targetNotEmpty, .verificationFailed: return .cannotCreate
            case .unknownTable, .schemaMismatch, .unreadableValue, .rowRefused: return .dataError
            }
        case let error as PrintError:
            // The paper is the user's choice: a usage error; the rest are the program's.
            if case .paperTooSmall = error { return .usage }
            return .software
        case let error as BoardAnimatorError:
            if case .invalidSpacing = error { return .usage }
            return .dataError
        case let error as BoardAnimationError:
            if case .invalidSetting = error { return .usage }
            return .dataError
        case let error as AlbumError:
            switch error {
            case .missingImage: return .noInput
            case .syntax, .invalid, .unreadableImage, .notAnArchive, .archive: return .dataError
            }
        case let error as CanvasError:
            switch error {
            case .imageTooLarge, .invalidSize, .unsupportedFormat: return .usage
            case .pngDecoding, .invalidColor, .transparentGIFFrame: return .dataError
            default: return .software
            }
        default: return .ioError
        }
    }
}

/// Writes to standard error.
enum StandardError {
    /// Prints one line; on a terminal, control characters in it are escaped
    /// (``TerminalText``), since messages may quote what users wrote.
    static func print(_ line: String) {
        let safe = isTerminal ? TerminalText.escaped(line, keepingLineBreaks: true) : line
        FileHandle.standardError.write(Data((safe + "\n").utf8))
    }

    /// True when standard error is a terminal (progress is shown only then).
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
