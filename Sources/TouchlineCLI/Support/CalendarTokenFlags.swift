import ArgumentParser

/// `--rotate-token` and `--revoke-token` of `team calendar` and `league calendar`: the
/// subscription token in a calendar's URL, which its owner replaces or takes away.
struct CalendarTokenFlags: ParsableArguments {
    @Flag(help: "Make a new subscription token (owner only), replacing the old one.") var rotateToken = false
    @Flag(help: "Remove the subscription token (owner only).") var revokeToken = false

    /// True when either flag is given.
    var given: Bool { rotateToken || revokeToken }

    /// Refuses both flags at once, either with the options that write the calendar (`writers`
    /// names them, as in "-o writes"; `writing` says whether any is given), and `--json`
    /// without `--rotate-token`.
    func validate(writers: String, writing: Bool, json: Bool) throws {
        if rotateToken, revokeToken { throw ValidationError("give --rotate-token or --revoke-token, not both") }
        if given, writing { throw ValidationError("\(writers) the calendar; --rotate-token and --revoke-token write none") }
        if json, !rotateToken { throw ValidationError("--json prints the token of --rotate-token") }
    }
}
