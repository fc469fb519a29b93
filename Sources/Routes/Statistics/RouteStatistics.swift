import Foundation

/// The figures of a track or planned route: distance, climb, times, speeds, extent and splits.
///
/// Made by `RouteStatisticsCalculator`; see it for how each figure is computed. Distances are
/// in metres, times in seconds, speeds in metres per second, elevations in metres, angles in
/// degrees. Figures that need times are nil when the points carry too few times; figures that
/// need elevations are 0 (sums) or nil (extremes) when no point has one.
///
/// Encoded as JSON, every key is always present (`null` when a figure is unknown), so the
/// schema of `touchline route stats --json` does not depend on the input.
public struct RouteStatistics: Sendable, Equatable, Codable {
    /// One stretch of `splitMeters` along the track (the last may be shorter).
    public struct Split: Sendable, Equatable, Codable {
        /// The split's position, 0 for the first.
        public var index: Int
        /// The distance covered in the split: `splitMeters`, except for the last one.
        public var distanceMeters: Double
        /// The elapsed time of the split's timed steps, stops included, from crossing its start
        /// to crossing its end (interpolated between fixes). Untimed steps and the gaps between
        /// segments add nothing, so the splits' times add up to the time of the track's timed
        /// steps. Nil when no step of the split is timed.
        public var durationSeconds: Double?
        /// The part of `durationSeconds` spent moving (see `StatisticsOptions`).
        public var movingTimeSeconds: Double?
        /// The distance covered while moving in the split; nil when no step of it is timed.
        public var movingDistanceMeters: Double?
        /// Moving time per kilometre of moving distance,
        /// `movingTimeSeconds / movingDistanceMeters * 1000`; nil when either is 0 or unknown.
        public var paceSecondsPerKilometer: Double?
        /// The elevation gained in the split, smoothed as the track's `elevationGainMeters`.
        public var climbMeters: Double
        /// The elevation lost in the split, smoothed as the track's `elevationLossMeters`.
        public var descentMeters: Double

        /// Makes a split from its figures.
        public init(index: Int, distanceMeters: Double, durationSeconds: Double? = nil,
                    movingTimeSeconds: Double? = nil, movingDistanceMeters: Double? = nil,
                    paceSecondsPerKilometer: Double? = nil,
                    climbMeters: Double = 0, descentMeters: Double = 0) {
            self.index = index
            self.distanceMeters = distanceMeters
            self.durationSeconds = durationSeconds
            self.movingTimeSeconds = movingTimeSeconds
            self.movingDistanceMeters = movingDistanceMeters
            self.paceSecondsPerKilometer = paceSecondsPerKilometer
            self.climbMeters = climbMeters
            self.descentMeters = descentMeters
        }

        private enum CodingKeys: String, CodingKey {
            case index, distanceMeters, durationSeconds, movingTimeSeconds, movingDistanceMeters
            case paceSecondsPerKilometer
            case climbMeters, descentMeters
        }

        /// Encodes every key, unknown figures as `null`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(distanceMeters, forKey: .distanceMeters)
            try container.encode(durationSeconds, forKey: .durationSeconds)
            try container.encode(movingTimeSeconds, forKey: .movingTimeSeconds)
            try container.encode(movingDistanceMeters, forKey: .movingDistanceMeters)
            try container.encode(paceSecondsPerKilometer, forKey: .paceSecondsPerKilometer)
            try container.encode(climbMeters, forKey: .climbMeters)
            try container.encode(descentMeters, forKey: .descentMeters)
        }
    }

    /// The length along the ellipsoid, summed step by step within each segment (the gap between
    /// two segments is not distance).
    public var distanceMeters: Double
    /// The length counting the smoothed climbs and descents too: each step is
    /// `sqrt(horizontal² + vertical²)`.
    public var distance3DMeters: Double
    /// The elevation gained: a centred moving average, then a hysteresis threshold.
    public var elevationGainMeters: Double
    /// The elevation lost, smoothed as `elevationGainMeters`.
    public var elevationLossMeters: Double
    /// The sum of every rise between consecutive points of a segment, unsmoothed.
    public var rawElevationGainMeters: Double
    /// The sum of every drop between consecutive points of a segment, unsmoothed.
    public var rawElevationLossMeters: Double
    /// The length of the timed steps (both ends with a time, zero-time steps with the step that
    /// covers them; see `RouteStatisticsCalculator`): the distance that `durationSeconds`
    /// covers. Nil without a timed step.
    public var timedDistanceMeters: Double?
    /// The length of the moving steps (at `StatisticsOptions.stoppedSpeedMetersPerSecond` or
    /// faster): the distance that `movingTimeSeconds` covers. Nil without a timed step.
    public var movingDistanceMeters: Double?
    /// The elapsed time along the track, pauses and gaps between segments included (from the
    /// first time to the last when the segments follow each other in time); nil with fewer
    /// than two timed points.
    public var durationSeconds: Double?
    /// The time spent moving (see `StatisticsOptions`); nil without a timed step.
    public var movingTimeSeconds: Double?
    /// `timedDistanceMeters / durationSeconds`, m/s; nil when the duration is unknown or 0.
    /// Untimed steps are not counted: their distance was covered at no known time.
    public var averageSpeed: Double?
    /// `movingDistanceMeters / movingTimeSeconds`, m/s; nil when the moving time is unknown or 0.
    public var movingSpeed: Double?
    /// The highest speed that lasted, m/s: the maximum of a running median of step speeds, so
    /// a GPS spike does not set it; nil without a timed step.
    public var maximumSpeed: Double?
    /// The highest speed over any single step, spikes included, m/s.
    public var rawMaximumSpeed: Double?
    /// Moving time per kilometre, `1000 / movingSpeed`; nil when the moving speed is unknown
    /// or 0.
    public var paceSecondsPerKilometer: Double?
    /// The lowest elevation recorded, unsmoothed; nil when no point has one.
    public var minimumElevationMeters: Double?
    /// The highest elevation recorded, unsmoothed; nil when no point has one.
    public var maximumElevationMeters: Double?
    /// The smallest box covering the points (it may cross the antimeridian); nil without points.
    public var bounds: GeoBounds?
    /// The track cut every `splitMeters` of distance.
    public var splits: [Split]
    /// The points used (points with invalid coordinates are skipped).
    public var pointCount: Int
    /// The segments with at least one point used.
    public var segmentCount: Int

    /// Makes statistics from their figures; `RouteStatisticsCalculator` is the usual source.
    public init(distanceMeters: Double = 0, distance3DMeters: Double = 0,
                elevationGainMeters: Double = 0, elevationLossMeters: Double = 0,
                rawElevationGainMeters: Double = 0, rawElevationLossMeters: Double = 0,
                timedDistanceMeters: Double? = nil, movingDistanceMeters: Double? = nil,
                durationSeconds: Double? = nil, movingTimeSeconds: Double? = nil,
                averageSpeed: Double? = nil, movingSpeed: Double? = nil,
                maximumSpeed: Double? = nil, rawMaximumSpeed: Double? = nil,
                paceSecondsPerKilometer: Double? = nil,
                minimumElevationMeters: Double? = nil, maximumElevationMeters: Double? = nil,
                bounds: GeoBounds? = nil, splits: [Split] = [], pointCount: Int = 0, segmentCount: Int = 0) {
        self.distanceMeters = distanceMeters
        self.distance3DMeters = distance3DMeters
        self.elevationGainMeters = elevationGainMeters
        self.elevationLossMeters = elevationLossMeters
        self.rawElevationGainMeters = rawElevationGainMeters
        self.rawElevationLossMeters = rawElevationLossMeters
        self.timedDistanceMeters = timedDistanceMeters
        self.movingDistanceMeters = movingDistanceMeters
        self.durationSeconds = durationSeconds
        self.movingTimeSeconds = movingTimeSeconds
        self.averageSpeed = averageSpeed
        self.movingSpeed = movingSpeed
        self.maximumSpeed = maximumSpeed
        self.rawMaximumSpeed = rawMaximumSpeed
        self.paceSecondsPerKilometer = paceSecondsPerKilometer
        self.minimumElevationMeters = minimumElevationMeters
        self.maximumElevationMeters = maximumElevationMeters
        self.bounds = bounds
        self.splits = splits
        self.pointCount = pointCount
        self.segmentCount = segmentCount
    }

    private enum CodingKeys: String, CodingKey {
        case distanceMeters, distance3DMeters
        case elevationGainMeters, elevationLossMeters, rawElevationGainMeters, rawElevationLossMeters
        case timedDistanceMeters, movingDistanceMeters
        case durationSeconds, movingTimeSeconds, averageSpeed, movingSpeed, maximumSpeed, rawMaximumSpeed
        case paceSecondsPerKilometer, minimumElevationMeters, maximumElevationMeters
        case bounds, splits, pointCount, segmentCount
    }

    /// Encodes every key, unknown figures as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(distance3DMeters, forKey: .distance3DMeters)
        try container.encode(elevationGainMeters, forKey: .elevationGainMeters)
        try container.encode(elevationLossMeters, forKey: .elevationLossMeters)
        try container.encode(rawElevationGainMeters, forKey: .rawElevationGainMeters)
        try container.encode(rawElevationLossMeters, forKey: .rawElevationLossMeters)
        try container.encode(timedDistanceMeters, forKey: .timedDistanceMeters)
        try container.encode(movingDistanceMeters, forKey: .movingDistanceMeters)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(movingTimeSeconds, forKey: .movingTimeSeconds)
        try container.encode(averageSpeed, forKey: .averageSpeed)
        try container.encode(movingSpeed, forKey: .movingSpeed)
        try container.encode(maximumSpeed, forKey: .maximumSpeed)
        try container.encode(rawMaximumSpeed, forKey: .rawMaximumSpeed)
        try container.encode(paceSecondsPerKilometer, forKey: .paceSecondsPerKilometer)
        try container.encode(minimumElevationMeters, forKey: .minimumElevationMeters)
        try container.encode(maximumElevationMeters, forKey: .maximumElevationMeters)
        try container.encode(bounds, forKey: .bounds)
        try container.encode(splits, forKey: .splits)
        try container.encode(pointCount, forKey: .pointCount)
        try container.encode(segmentCount, forKey: .segmentCount)
    }
}
