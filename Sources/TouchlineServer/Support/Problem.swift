import Canvas
import Club
import Foundation
import HTTPTypes
import Hummingbird
import League
import NIOCore
import Reports
import Routes
import Stickers
import Support
import Tactics

/// An error as the API answers it: an RFC 9457 problem (`application/problem+json`) with a
/// stable `type` per kind of error and the CLI's own message as `detail`.
struct Problem: Error, Sendable, Equatable {
    /// The kinds of problem, each with its status and a `type` that never changes.
    enum Kind: String, Sendable, CaseIterable {
        case malformed, unauthorized, forbidden, notFound = "not-found", methodNotAllowed = "method-not-allowed"
        case notAcceptable = "not-acceptable", timeout, conflict, tooLarge = "too-large"
        case uriTooLong = "uri-too-long", unsupportedMediaType = "unsupported-media-type", invalid
        case rateLimited = "rate-limited", internalError = "internal", busy, overloaded
        case upgradeRequired = "upgrade-required"

        var status: HTTPResponse.Status {
            switch self {
            case .malformed: return .badRequest
            case .unauthorized: return .unauthorized
            case .forbidden: return .forbidden
            case .notFound: return .notFound
            case .methodNotAllowed: return .methodNotAllowed
            case .notAcceptable: return .notAcceptable
            case .timeout: return .requestTimeout
            case .conflict: return .conflict
            case .tooLarge: return .contentTooLarge
            case .uriTooLong: return .uriTooLong
            case .unsupportedMediaType: return .unsupportedMediaType
            case .invalid: return .unprocessableContent
            case .rateLimited: return .tooManyRequests
            case .internalError: return .internalServerError
            case .busy, .overloaded: return .serviceUnavailable
            case .upgradeRequired: return .init(code: 426, reasonPhrase: "Upgrade Required")
            }
        }

        /// The problem's `type` URI.
        var type: String { "urn:touchline:problem:\(rawValue)" }

        /// The problem's `title`: the same for every problem of the kind.
        var title: String {
            switch self {
            case .malformed: return "Malformed request"
            case .unauthorized: return "Not logged in"
            case .forbidden: return "Not allowed"
            case .notFound: return "Not found"
            case .methodNotAllowed: return "Method not allowed"
            case .notAcceptable: return "No acceptable representation"
            case .timeout: return "Request too slow"
            case .conflict: return "Conflict"
            case .tooLarge: return "Too large"
            case .uriTooLong: return "URI too long"
            case .unsupportedMediaType: return "Unsupported media type"
            case .invalid: return "Breaks a rule"
            case .rateLimited: return "Too many requests"
            case .internalError: return "Internal error"
            case .busy: return "Database busy"
            case .overloaded: return "Server busy"
            case .upgradeRequired: return "Upgrade required"
            }
        }
    }

    var kind: Kind
    var detail: String
    /// Seconds a client should wait before trying again (429 and 503).
    var retryAfter: Int?

    init(_ kind: Kind, _ detail: String, retryAfter: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.retryAfter = retryAfter
    }

    static func malformed(_ detail: String) -> Problem { Problem(.malformed, detail) }
    static func notFound(_ detail: String) -> Problem { Problem(.notFound, detail) }
    static func overloaded(_ detail: String) -> Problem { Problem(.overloaded, detail, retryAfter: 1) }

    /// The problem for any error a handler threw: the library's typed errors by their kind,
    /// anything unknown as an internal error whose detail gives nothing away.
    init(_ error: any Error) {
        switch error {
        case let problem as Problem:
            self = problem
        case let error as ClubError:
            // A remedy is worded as the API does it: its route or parameter, not a CLI option.
            let detail = error.description(wording: \.apiWording)
            switch error {
            case .refused(_, _, let remedy) where remedy.isConflict: self.init(.conflict, detail)
            case .invalid, .refused: self.init(.invalid, detail)
            case .duplicate, .conflict, .ambiguous: self.init(.conflict, detail)
            case .notFound: self.init(.notFound, detail)
            case .permissionDenied: self.init(.forbidden, detail)
            case .invalidCredentials: self.init(.unauthorized, detail)
            case .busy: self.init(.busy, detail, retryAfter: 1)
            case .storage(_, let problem):
                // The file's path or server's URL is the operator's business, not the client's.
                switch problem {
                case .unreachable: self.init(.busy, "the database \(problem.rawValue)", retryAfter: 1)
                case .readOnly: self.init(.busy, "the database \(problem.rawValue)")
                default: self.init(.internalError, "the database \(problem.rawValue)")
                }
            }
        case let error as StrokeLogError:
            switch error.kind {
            case .tooLarge: self.init(.tooLarge, error.localizedDescription)
            case .empty, .malformedJSON, .unknownFormat, .missingHeader: self.init(.malformed, error.localizedDescription)
            default: self.init(.invalid, error.localizedDescription)
            }
        case let error as ImportError:
            switch error.kind {
            case .tooLarge: self.init(.tooLarge, error.localizedDescription)
            case .encoding, .syntax, .unknownFormat: self.init(.malformed, error.localizedDescription)
            default: self.init(.invalid, error.localizedDescription)
            }
        case let error as CanvasError:
            switch error {
            case .invalidSize, .imageTooLarge, .imageOverLimits, .imageDataTooLarge, .invalidColor,
                 .unsupportedFormat, .unsupportedImageFormat, .pngDecoding, .jpegDecoding, .animationFrameTooLarge,
                 .transparentGIFFrame:
                self.init(.invalid, error.localizedDescription)
            default: self.init(.internalError, "the image could not be made")
            }
        case let error as RouteReadError:
            // As stroke logs and season files: broken syntax or no known format is malformed;
            // impossible values, nothing usable and the readers' own limits (points, nesting,
            // text length; the body's size is 413 before it is read) break a rule.
            switch error.kind {
            case .malformed, .unrecognizedFormat, .unreadable: self.init(.malformed, error.localizedDescription)
            case .invalidData, .noUsablePoints, .limitExceeded: self.init(.invalid, error.localizedDescription)
            }
        case let error as BoardAnimatorError:
            // The spacing's settings are worded as the API takes them: ?fps and ?every.
            let detail = error.description(wording: \.apiWording)
            switch error {
            case .invalidSpacing: self.init(.malformed, detail)
            case .tooManyFrames: self.init(.invalid, detail)
            }
        case let error as BoardAnimationError:
            // The animation's settings are worded as the API takes them: ?fps and ?speed.
            let detail = error.description(wording: \.apiWording)
            switch error {
            case .invalidSetting: self.init(.malformed, detail)
            case .tooManyFrames, .tooManyPixels, .transparentGIF: self.init(.invalid, detail)
            }
        case let error as RouteMapError: self.init(.invalid, error.localizedDescription)
        case let error as PlayerCardError: self.init(.invalid, error.localizedDescription)
        case let error as PrintError: self.init(.invalid, error.localizedDescription)
        case let error as AlbumError:
            switch error {
            case .notAnArchive, .syntax: self.init(.malformed, error.localizedDescription)
            case .invalid, .missingImage, .unreadableImage, .archive: self.init(.invalid, error.localizedDescription)
            }
        case let error as BoundedArchiveError:
            switch error {
            case .notAnArchive: self.init(.malformed, error.localizedDescription)
            case .entry: self.init(.invalid, error.localizedDescription)
            }
        case let error as ManifestError:
            switch error {
            case .unreadable: self.init(.malformed, error.localizedDescription)
            case .invalid, .missing: self.init(.invalid, error.localizedDescription)
            }
        case let error as StickerError:
            switch error {
            case .invalid: self.init(.invalid, error.localizedDescription)
            case .noCardsToDraw, .notOwned, .blocked, .wrongState: self.init(.conflict, error.localizedDescription)
            }
        case let error as OddsError: self.init(.invalid, error.localizedDescription)
        case let error as GuideArchiveError: self.init(.invalid, error.localizedDescription)
        case is NIOTooManyBytesError:
            self.init(.tooLarge, "the request body is larger than this endpoint takes")
        case let error as HTTPError:
            self.init(Self.kind(of: error.status), error.body ?? error.status.reasonPhrase)
        default:
            self.init(.internalError, "the server failed to answer this request")
        }
    }

    /// True for problems that are the server's fault (logged with their cause).
    var isServerError: Bool { kind == .internalError }

    private static func kind(of status: HTTPResponse.Status) -> Kind {
        Kind.allCases.first { $0.status == status } ?? (status.code >= 500 ? .internalError : .malformed)
    }

    /// The `application/problem+json` response; `instance` is the request's path.
    func response(instance: String, requestID: String) -> Response {
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if kind == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"touchline\"" }
        let data = body(instance: instance, requestID: requestID)
        return Response(status: kind.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The problem's JSON document.
    func body(instance: String, requestID: String) -> Data {
        struct Body: Encodable {
            var type: String
            var title: String
            var status: Int
            var detail: String
            var instance: String
            var requestId: String
        }
        let body = Body(type: kind.type, title: kind.title, status: kind.status.code, detail: detail, instance: instance,
                        requestId: requestID)
        return (try? APIJSON.encoder.encode(body)) ?? Data("{}".utf8)
    }
}
