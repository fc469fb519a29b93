import Foundation

/// A message as one side sees it.
public struct Message: Sendable, Equatable, Codable {
    public var id: Int64
    /// The sender's username, or nil when their account was deleted ("deleted user").
    public var from: String?
    public var to: String
    public var subject: String
    public var body: String
    public var replyTo: Int64?
    public var sentAt: Date
    /// When the recipient first opened it.
    public var readAt: Date?
}

/// A message in a listing: everything but the body.
public struct MessageSummary: Sendable, Equatable, Codable {
    public var id: Int64
    public var from: String?
    public var to: String
    public var subject: String
    public var sentAt: Date
    public var read: Bool
}

/// One page of an inbox or sent folder, newest first.
public struct MessagePage: Sendable, Equatable, Codable {
    public var messages: [MessageSummary]
    /// Pass as `before` for the next (older) page; nil on the last page.
    public var nextBefore: Int64?
}

/// A message to send.
public struct OutgoingMessage: Sendable, Equatable {
    public var to: String
    public var subject: String
    public var body: String
    public var replyTo: Int64?

    public init(to: String, subject: String, body: String, replyTo: Int64? = nil) {
        self.to = to
        self.subject = subject
        self.body = body
        self.replyTo = replyTo
    }
}
