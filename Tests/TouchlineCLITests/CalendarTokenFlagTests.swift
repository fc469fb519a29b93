import Testing

/// `--rotate-token` and `--revoke-token` of `team calendar` and `league calendar`: the
/// combinations refused as usage errors before anything is read.
@Suite struct CalendarTokenFlagTests {
    @Test(arguments: [
        (["team", "calendar", "T", "--rotate-token", "--revoke-token"], "give --rotate-token or --revoke-token, not both"),
        (["team", "calendar", "T", "--rotate-token", "-o", "t.ics"],
         "-o writes the calendar; --rotate-token and --revoke-token write none"),
        (["team", "calendar", "T", "--json"], "--json prints the token of --rotate-token"),
        (["league", "calendar", "L", "--revoke-token", "--rotate-token"], "give --rotate-token or --revoke-token, not both"),
        (["league", "calendar", "L", "--revoke-token", "--team", "A"],
         "-o and --team write the calendar; --rotate-token and --revoke-token write none"),
        (["league", "calendar", "L", "--revoke-token", "--json"], "--json prints the token of --rotate-token"),
    ])
    func refusedCombinations(arguments: [String], message: String) throws {
        let result = try Touchline.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
