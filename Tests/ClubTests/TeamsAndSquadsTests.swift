import Foundation
import TestSupport
import Testing
@testable import Club

@Suite struct TeamsAndSquadsTests {
    let laporte = PlayerDraft(firstName: "Aymeric", surnames: "Laporte", number: 4, position: .defender,
                              positionDetail: "cb", birthDate: "1994-05-27")

    @Test func onlyTheOwnerAndEditorsChangeATeam() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        let team = try club.teams.add(alice, name: "Athletic Infantil A", season: "2024/25", primaryColor: "#ee2523")
        #expect(team.primaryColor == "#EE2523")
        let byName = TeamReference("Athletic Infantil A")

        // A stranger cannot even see it; a viewer sees it but cannot change it.
        #expect(throws: ClubError.notFound(kind: "team", reference: "Athletic Infantil A")) {
            try club.teams.edit(bob, byName, TeamChanges(region: "Bizkaia"))
        }
        try club.teams.grant(alice, byName, to: "bob", role: .viewer)
        #expect(try club.teams.show(bob, byName).role == .viewer)
        #expect(throws: ClubError.self) { try club.teams.edit(bob, byName, TeamChanges(region: "Bizkaia")) }
        #expect(throws: ClubError.self) {
            try club.squads.add(bob, to: byName, laporte)
        }
        // An editor can; only the owner grants, revokes and deletes.
        try club.teams.grant(alice, byName, to: "bob", role: .editor)
        #expect(try club.teams.edit(bob, byName, TeamChanges(region: "Bizkaia")).region == "Bizkaia")
        #expect(throws: ClubError.self) { try club.teams.grant(bob, byName, to: "carol", role: .editor) }
        #expect(throws: ClubError.self) { try club.teams.delete(bob, byName) }
        try club.teams.revoke(alice, byName, from: "bob")
        #expect(throws: ClubError.self) { try club.teams.show(bob, byName) }
        #expect(try club.teams.list(carol).isEmpty)
        #expect(try club.teams.list(alice).map(\.role) == [.owner])
    }

    @Test func permissionErrorsSayWho() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let team = try club.teams.add(alice, name: "Cadete B", season: "2025")
        try club.teams.grant(alice, .id(team.id), to: "bob", role: .viewer)
        #expect(throws: ClubError.permissionDenied("only the owner and editors of team '\(team.id)' may do that; bob is a viewer")) {
            try club.teams.edit(bob, .id(team.id), TeamChanges(name: "Cadete C"))
        }
    }

    @Test func badTeamsAreRefused() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        #expect(throws: ClubError.self) { try club.teams.add(alice, name: "X", season: "2024/26") }
        #expect(throws: ClubError.self) { try club.teams.add(alice, name: "X", season: "24/25") }
        #expect(throws: ClubError.self) { try club.teams.add(alice, name: "X", season: "2024/25", primaryColor: "red") }
        #expect(throws: ClubError.self) { try club.teams.add(alice, name: " ", season: "2024/25") }
        try club.teams.add(alice, name: "X", season: "2024/25")
        #expect(throws: ClubError.duplicate(field: "team", value: "x 2024/25")) {
            try club.teams.add(alice, name: "x", season: "2024/25")
        }
        #expect(try club.count("team") == 1)
    }

    /// A team's season is read by ``CivilSeason`` and kept as its label, so the forms people
    /// write are one season (and one name per season).
    @Test func seasonsAreKeptInOneForm() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        #expect(try club.teams.add(alice, name: "A", season: "2024/2025").season == "2024/25")
        #expect(try club.teams.add(alice, name: "B", season: "2024-25").season == "2024/25")
        #expect(try club.teams.add(alice, name: "C", season: "1999/2000").season == "1999/00")
        #expect(throws: ClubError.duplicate(field: "team", value: "a 2024/25")) {
            try club.teams.add(alice, name: "a", season: "2024-2025")
        }
        let team = try club.teams.add(alice, name: "D", season: "2025")
        #expect(try club.teams.edit(alice, .id(team.id), TeamChanges(season: "2025-2026")).season == "2025/26")
        #expect(throws: ClubError.invalid(field: "season", message: "'2025/27' is not a season like 2024/25 or 2025")) {
            try club.teams.edit(alice, .id(team.id), TeamChanges(season: "2025/27"))
        }
        for bad in ["1849", "2201", "2024/2026", "2024 / 25", "25"] {
            #expect(throws: ClubError.self) { try club.teams.add(alice, name: "E", season: bad) }
        }
    }

    @Test func aNameSharedByTwoVisibleTeamsIsAmbiguous() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let mine = try club.teams.add(alice, name: "Infantil A", season: "2024/25")
        let theirs = try club.teams.add(bob, name: "Infantil A", season: "2024/25")
        #expect(try club.teams.show(alice, TeamReference("Infantil A")).team.id == mine.id)
        try club.teams.grant(bob, .id(theirs.id), to: "alice", role: .viewer)
        #expect(throws: ClubError.ambiguous(kind: "team", reference: "Infantil A", ids: [mine.id, theirs.id])) {
            try club.teams.show(alice, TeamReference("Infantil A"))
        }
    }

    @Test func aSquadNumberClashIsRejected() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let team = try club.teams.add(alice, name: "Infantil A", season: "2024/25")
        let player = try club.squads.add(alice, to: .id(team.id), laporte)
        #expect(player.positionDetail == "CB" && player.number == 4 && player.teamID == team.id)
        #expect(throws: ClubError.conflict(field: "number", message: "4 is already worn by Aymeric Laporte in this team")) {
            try club.squads.add(alice, to: .id(team.id), PlayerDraft(firstName: "Iñigo", surnames: "Martínez", number: 4, position: .defender))
        }
        let other = try club.squads.add(alice, to: .id(team.id), PlayerDraft(firstName: "Iñigo", surnames: "Martínez", number: 5, position: .defender))
        #expect(throws: ClubError.conflict(field: "number", message: "4 is already worn by Aymeric Laporte in this team")) {
            try club.squads.edit(alice, player: other.id, PlayerChanges(number: 4))
        }
        #expect(try club.squads.list(alice, team: .id(team.id)).map(\.number) == [4, 5])
    }

    @Test func badPlayersNameTheField() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let team = try club.teams.add(alice, name: "Infantil A", season: "2024/25")
        let cases: [(PlayerDraft, String)] = [
            (PlayerDraft(firstName: "A", surnames: "B", number: 0, position: .forward), "number"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 100, position: .forward), "number"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 9, position: .forward, birthDate: "1994-02-30"), "born"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 9, position: .forward, birthDate: "2999-01-01"), "born"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 9, position: .forward, birthDate: "1899-12-31"), "born"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 9, position: .forward, birthDate: "1900-02-29"), "born"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 9, position: .forward, birthDate: "1994-5-27"), "born"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 9, position: .forward, birthDate: Self.utcDay(1)), "born"),
            (PlayerDraft(firstName: "", surnames: "B", number: 9, position: .forward), "name"),
            (PlayerDraft(firstName: "A", surnames: "B", number: 9, position: .forward, photo: Data("GIF89a".utf8)), "photo"),
        ]
        for (draft, field) in cases {
            do {
                try club.squads.add(alice, to: .id(team.id), draft)
                Issue.record("accepted \(draft)")
            } catch let ClubError.invalid(actual, _) {
                #expect(actual == field)
            }
        }
        #expect(try club.count("player") == 0)
        // The earliest and latest days that are accepted: 1900-01-01 and today (in UTC).
        for (number, born) in [(1, "1900-01-01"), (2, "2000-02-29"), (3, Self.utcDay(0))] {
            let draft = PlayerDraft(firstName: "A", surnames: "B\(number)", number: number, position: .forward, birthDate: born)
            #expect(try club.squads.add(alice, to: .id(team.id), draft).birthDate == born)
        }
    }

    /// `YYYY-MM-DD` of the day `offset` days from today, in UTC.
    static func utcDay(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
    }

    @Test func photosArePNGOrJPEGWithinTheLimitsReadFromTheHeader() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let team = try club.teams.add(alice, name: "Infantil A", season: "2024/25")
        func refusal(_ photo: Data) -> String? {
            var draft = laporte
            draft.photo = photo
            do {
                try club.squads.add(alice, to: .id(team.id), draft)
                return nil
            } catch let ClubError.invalid(field, message) {
                return "\(field): \(message)"
            } catch {
                return "\(error)"
            }
        }
        let started = ContinuousClock.now
        for bomb in [TestImages.png(claimingWidth: 16_384, height: 6_100), TestImages.jpeg(claimingWidth: 16_384, height: 6_100)] {
            #expect(refusal(bomb) == "photo: is 16384x6100 px: at most 4096 px a side and 16 megapixels; "
                + "resize it (1000 px on the longer side is plenty for a card)")
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(refusal(TestImages.png(claimingWidth: 4_096, height: 4_096))?.contains("4096x4096 px") == true)
        #expect(refusal(TestImages.jpeg(claimingWidth: 100, height: 4_097))?.contains("100x4097 px") == true)
        #expect(refusal(Data("GIF89a".utf8)) == "photo: is not a PNG or JPEG file")
        #expect(refusal(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]))
            == "photo: is not a readable PNG file: no IHDR chunk first")
        #expect(refusal(Data([0xFF, 0xD8, 0xFF, 0xDA, 0, 2])) == "photo: is not a readable JPEG file: no frame header before the image data")
        #expect(refusal(TestImages.png(claimingWidth: 10, height: 10) + Data(count: 2 << 20))
            == "photo: is larger than 2 MiB; resize or compress it")
        // A photo cut short (in a copy or an upload) is refused here, not when a card is printed.
        let whole = TestImages.quadrantsOrientation6
        #expect(refusal(whole.prefix(whole.count / 2)) == "photo: is not a readable JPEG file: the file is cut short before its end-of-image marker")
        #expect(refusal(TestImages.png(claimingWidth: 60, height: 80).dropLast(12))
            == "photo: is not a readable PNG file: the file is cut short before its IEND chunk")
        #expect(try club.count("player") == 0)

        // At the limits, PNG and JPEG are both taken; a refused edit keeps the photo there was.
        let jpeg = TestImages.jpeg(claimingWidth: 4_000, height: 4_000)
        var draft = laporte
        draft.photo = jpeg
        let player = try club.squads.add(alice, to: .id(team.id), draft)
        #expect(throws: ClubError.self) {
            try club.squads.edit(alice, player: player.id, PlayerChanges(photo: .some(TestImages.png(claimingWidth: 16_384, height: 6_100))))
        }
        #expect(try club.squads.photo(alice, player: player.id) == jpeg)
        try club.squads.edit(alice, player: player.id, PlayerChanges(photo: .some(TestImages.png(claimingWidth: 4_096, height: 3_906))))
        #expect(try club.squads.photo(alice, player: player.id) == TestImages.png(claimingWidth: 4_096, height: 3_906))
    }

    @Test func movingAPlayerKeepsTheHistory() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let infantil = try club.teams.add(alice, name: "Infantil A", season: "2023/24")
        let cadete = try club.teams.add(alice, name: "Cadete A", season: "2024/25")
        let photo = TestImages.jpeg(claimingWidth: 800, height: 600)
        var draft = laporte
        draft.photo = photo
        let player = try club.squads.add(alice, to: .id(infantil.id), draft)
        try club.squads.move(alice, player: player.id, to: .id(cadete.id), number: 14)
        let shown = try club.squads.show(alice, player: player.id)
        let moved = shown.player, history = shown.history
        #expect(moved.teamID == cadete.id && moved.number == 14 && moved.hasPhoto)
        #expect(history.map(\.teamName) == ["Infantil A", "Cadete A"])
        #expect(history[0].leftAt != nil && history[1].leftAt == nil)
        #expect(try club.squads.photo(alice, player: player.id) == photo)
        // Number 4 is free again in the old team.
        try club.squads.add(alice, to: .id(infantil.id), PlayerDraft(firstName: "Dani", surnames: "Vivian", number: 4, position: .defender))
    }

    @Test func movingNeedsEditRightsOnBothTeams() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let aliceTeam = try club.teams.add(alice, name: "A", season: "2024/25")
        let bobTeam = try club.teams.add(bob, name: "B", season: "2024/25")
        let player = try club.squads.add(alice, to: .id(aliceTeam.id), laporte)
        try club.teams.grant(bob, .id(bobTeam.id), to: "alice", role: .viewer)
        #expect(throws: ClubError.self) { try club.squads.move(alice, player: player.id, to: .id(bobTeam.id), number: 4) }
        #expect(try club.squads.show(alice, player: player.id).player.teamID == aliceTeam.id)
        #expect(throws: ClubError.notFound(kind: "player", reference: String(player.id))) {
            try club.squads.delete(bob, player: player.id)
        }
    }

    @Test func anEditorCannotTakeAPlayerOutOfTheOwnersSight() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let aliceTeam = try club.teams.add(alice, name: "A", season: "2024/25")
        let bobTeam = try club.teams.add(bob, name: "B", season: "2024/25")
        let player = try club.squads.add(alice, to: .id(aliceTeam.id), laporte)
        try club.teams.grant(alice, .id(aliceTeam.id), to: "bob", role: .editor)
        // Bob edits alice's team and owns his own: he still may not move her player to his team.
        #expect(throws: ClubError.permissionDenied(
            "only alice, the owner of team 'A', may move its players to a team alice cannot edit")) {
            try club.squads.move(bob, player: player.id, to: .id(bobTeam.id), number: 4)
        }
        #expect(try club.squads.show(alice, player: player.id).player.teamID == aliceTeam.id)
        // Once alice may edit bob's team, bob may move the player there (she keeps sight of it);
        // alice herself may always move her players to a team she edits.
        try club.teams.grant(bob, .id(bobTeam.id), to: "alice", role: .editor)
        try club.squads.move(bob, player: player.id, to: .id(bobTeam.id), number: 4)
        #expect(try club.squads.show(alice, player: player.id).player.teamID == bobTeam.id)
        let second = try club.squads.add(alice, to: .id(aliceTeam.id), PlayerDraft(firstName: "Dani", surnames: "Vivian",
                                                                                     number: 3, position: .defender))
        try club.squads.move(alice, player: second.id, to: .id(bobTeam.id), number: 3)
        #expect(try club.squads.show(alice, player: second.id).player.teamID == bobTeam.id)
    }

    @Test func deletingATeamTakesItsCurrentPlayers() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let team = try club.teams.add(alice, name: "A", season: "2024/25")
        try club.squads.add(alice, to: .id(team.id), laporte)
        try club.teams.delete(alice, .id(team.id))
        #expect(try club.count("player") == 0 && club.count("squadMembership") == 0)
    }
}
