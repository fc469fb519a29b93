import Foundation

/// Route figures written for people, as `touchline route stats` prints them and as the stats
/// line under a route map's elevation profile reads, whichever front end draws it.
///
/// ```swift
/// RouteStatisticsText.distance(850)          // "850 m"
/// RouteStatisticsText.distance(12_345)       // "12.35 km"
/// RouteStatisticsText.duration(3_723)        // "1:02:03"
/// RouteStatisticsText.pace(305)              // "5:05 /km"
/// RouteStatisticsText.speed(5)               // "18.0 km/h"
/// if let line = RouteStatisticsText.statsLine(of: document) {
///     options.statsLine = line               // "12.35 km · 1:02:03 · 350 m climb"
/// }
/// ```
public enum RouteStatisticsText {
    /// Whole metres under a kilometre, else kilometres to two decimals: "850 m", "12.35 km".
    public static func distance(_ meters: Double) -> String {
        meters < 1000 ? "\(Int(meters.rounded())) m" : String(format: "%.2f km", meters / 1000)
    }

    /// Hours, minutes and seconds, rounded to the second: "0:05:09", "1:02:03".
    public static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }

    /// Minutes and seconds per kilometre, "5:05 /km"; empty when unknown or not finite.
    public static func pace(_ secondsPerKilometre: Double?) -> String {
        guard let pace = secondsPerKilometre, pace.isFinite else { return "" }
        let total = Int(pace.rounded())
        return String(format: "%d:%02d /km", total / 60, total % 60)
    }

    /// Kilometres an hour to one decimal, "18.0 km/h"; empty when unknown.
    public static func speed(_ metresPerSecond: Double?) -> String {
        metresPerSecond.map { String(format: "%.1f km/h", $0 * 3.6) } ?? ""
    }

    /// Whole metres, "350 m"; empty when unknown.
    public static func metres(_ value: Double?) -> String { value.map { "\(Int($0.rounded())) m" } ?? "" }

    /// The stats line of a route map's profile: distance, then the duration when timed and
    /// the smoothed climb when there is one, "12.35 km · 1:02:03 · 350 m climb".
    public static func statsLine(_ statistics: RouteStatistics) -> String {
        var parts = [distance(statistics.distanceMeters)]
        if let duration = statistics.durationSeconds { parts.append(self.duration(duration)) }
        if statistics.elevationGainMeters > 0 { parts.append("\(Int(statistics.elevationGainMeters.rounded())) m climb") }
        return parts.joined(separator: " · ")
    }

    /// The stats line of `document`'s figures as ``RouteStatisticsCalculator`` measures them,
    /// for ``RouteMapOptions/statsLine``; nil when it has no track or route to measure (the
    /// renderer then writes its own simple line).
    public static func statsLine(of document: RouteDocument) -> String? {
        RouteStatisticsCalculator.statistics(of: document, splitMeters: 1000).map(statsLine)
    }
}
