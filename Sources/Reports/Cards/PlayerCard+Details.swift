import Canvas
import Foundation
import League

extension PlayerCard {
    /// The card of a player's season as the club services give it; a team without colours
    /// gets the default frame (``defaultPrimaryColor``) and a white badge.
    ///
    /// ```swift
    /// let card = try PlayerCard(try cards.player(alice, id: 12).cardDetails)   // Club's Cards service
    /// ```
    ///
    /// - Throws: ``CanvasError/invalidColor(_:)`` for a colour that is not `#RRGGBB`.
    public init(_ details: PlayerCardDetails) throws {
        self.init(name: details.name, number: details.number, position: details.position,
                  positionDetail: details.positionDetail, team: details.team, season: details.season,
                  primaryColor: try details.primaryColor.map { try Color(hex: $0) } ?? Self.defaultPrimaryColor,
                  secondaryColor: try details.secondaryColor.map { try Color(hex: $0) } ?? .white,
                  photo: details.photo, statistics: details.statistics)
    }

    /// The cards of `team`'s squad, in the order given (the club gives them by squad number).
    ///
    /// - Throws: ``PlayerCardError/emptySquad(team:)`` when there are no players, and what
    ///   ``init(_:)`` throws.
    public static func squad(_ players: [PlayerCardDetails], team: String) throws -> [PlayerCard] {
        guard !players.isEmpty else { throw PlayerCardError.emptySquad(team: team) }
        return try players.map(PlayerCard.init)
    }
}
