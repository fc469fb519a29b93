import Foundation

/// The thresholds behind the smoothed figures of `RouteStatistics`. The defaults suit walking,
/// running and cycling tracks from phones and sports watches.
///
/// ```swift
/// var options = StatisticsOptions()
/// options.elevationThresholdMeters = 5  // a GPS-only altitude, noisier than a barometer
/// let stats = RouteStatisticsCalculator.statistics(of: track, options: options)
/// ```
public struct StatisticsOptions: Sendable, Equatable, Codable {
    /// How many points the centred moving average of elevations spans (default 5). Near the
    /// ends of a segment the window shrinks symmetrically, so the first and last elevations are
    /// kept. An even number is rounded up to the next odd one; 1 or less turns smoothing off.
    public var elevationSmoothingWindow: Int
    /// The hysteresis threshold in metres (default 3, GoldenCheetah's default "elevation
    /// hysteresis"): after smoothing, a climb or descent counts once the profile has turned by
    /// at least this much, and then counts in full, from the lowest to the highest point of the
    /// climb; wobbles smaller than the threshold count for nothing. 0 counts every rise.
    public var elevationThresholdMeters: Double
    /// Below this speed, in m/s, a step between two fixes counts as stopped (default 0.5 m/s,
    /// 1.8 km/h: slower than any walk, faster than the drift of a fix at rest; gpxpy uses
    /// 1 km/h). The speed alone decides, however long the step: a recording switched off
    /// for a café stop is stopped, one switched off through a tunnel or in a car is moving.
    /// Gaps between segments are never steps.
    public var stoppedSpeedMetersPerSecond: Double
    /// How many consecutive step speeds the running median behind `maximumSpeed` spans
    /// (default 5; an even number is rounded up, at most 31). A spike lasting fewer than half
    /// the window cannot set the maximum; a real effort lasting more than half of it does.
    public var speedMedianWindow: Int

    /// Makes options; every argument has the default described on its property.
    public init(elevationSmoothingWindow: Int = 5, elevationThresholdMeters: Double = 3,
                stoppedSpeedMetersPerSecond: Double = 0.5, speedMedianWindow: Int = 5) {
        self.elevationSmoothingWindow = elevationSmoothingWindow
        self.elevationThresholdMeters = elevationThresholdMeters
        self.stoppedSpeedMetersPerSecond = stoppedSpeedMetersPerSecond
        self.speedMedianWindow = speedMedianWindow
    }

    /// Half the smoothing window, in points, as used.
    var elevationHalfWindow: Int { max(0, min(elevationSmoothingWindow, 1_001) / 2) }
    /// Half the speed median window, in steps, as used.
    var speedHalfWindow: Int { max(0, min(speedMedianWindow, 31) / 2) }
}
