import ArgumentParser
import Club
import Foundation

/// `--rotate-token` and `--revoke-token` of `team calendar`, `league calendar` and `event
/// agenda`: the subscription token in a calendar's URL, which its owner replaces or takes away.
struct CalendarTokenFlags: ParsableArguments {
    @Flag(help: "Make a new subscription token (the calendar's owner), replacing the old one.") var rotateToken = false
    @Flag(help: "Remove the subscription token (the calendar's owner).") var revokeToken = false

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

    /// Does what the flags ask: `rotate` makes a new token, printed (with `json`, the
    /// subscription) with the path to subscribe to, once; `revoke` takes it away. `holder`
    /// names whose calendar it is (`team 1`, `league Liga`), from the new subscription when
    /// there is one.
    func apply(json: Bool, holder: (CalendarSubscription?) -> String, rotate: () throws -> CalendarSubscription,
               revoke: () throws -> Void) throws {
        guard rotateToken else {
            try revoke()
            return print("\(holder(nil)) has no calendar token now")
        }
        let subscription = try rotate()
        if json { return try Output.json(subscription) }
        print("calendar token of \(holder(subscription)): \(subscription.token)")
        print("subscribe to: \(subscription.path)")
    }

    /// Writes a calendar to `output`, saying so, or without one to standard output as it is.
    static func write(_ calendar: Data, to output: String?) throws {
        guard let output else { return FileHandle.standardOutput.write(calendar) }
        try Files.write(calendar, to: output)
        print("wrote \(output) (calendar, \(Files.describeSize(calendar.count)))")
    }
}
