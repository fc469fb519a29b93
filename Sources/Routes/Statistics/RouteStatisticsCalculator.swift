import Foundation

/// Computes `RouteStatistics` for tracks and planned routes, in time linear in the number of
/// points.
///
/// ```swift
/// let stats = RouteStatisticsCalculator.statistics(of: track)
/// print(stats.distanceMeters, stats.elevationGainMeters, stats.movingTimeSeconds ?? 0)
/// for split in stats.splits { print(split.index + 1, split.paceSecondsPerKilometer ?? 0) }
/// ```
///
/// How the figures are made:
///
/// - **Distance.** Step by step within each segment, on the WGS84 ellipsoid; see `Geodesic`
///   (Karney's inverse; steps under 20 km by the equivalent chord-to-arc formula, within 1e-8
///   of it). A gap between segments adds nothing. Points with a NaN or out-of-range latitude or
///   a non-finite longitude are skipped; so are elevations that are not finite or beyond
///   ±1,000 km, and times that are not finite.
/// - **Elevation.** Within each segment, the elevations are smoothed with a centred moving
///   average (`StatisticsOptions.elevationSmoothingWindow` points), then climbs and descents
///   are counted with a hysteresis threshold (`elevationThresholdMeters`): see
///   `ElevationHysteresis`. The raw sums count every rise and drop between consecutive points.
///   The 3-D distance uses the smoothed profile. Minimum and maximum are raw.
/// - **Time.** A time earlier than one before it in the segment is ignored (the readers drop
///   such times too). A step is *timed* when both its points have times; an untimed step counts
///   in the distance only, never in a speed. A timed step that takes no time (two fixes with
///   the same time, a clock coarser than the fixes) is covered by the next timed step that
///   does: their lengths go together over its seconds; zero-time steps left before a missing
///   time or the segment's end count in the distance only. The *timed distance* sums the timed
///   steps. A timed step is *moving* when its speed is `stoppedSpeedMetersPerSecond` or more,
///   however long it took (a gap in the recording counts by the ground it covered, as in
///   gpxpy's `get_moving_data`); the *moving distance* and *moving time* sum the moving steps.
///   The *duration* is the elapsed time along the track, pauses and gaps included: from time
///   to time within each segment, and from the latest time so far to a later segment's first
///   (segments that overlap in time count their time each, as they count their distance).
/// - **Speeds.** Average speed = timed distance / duration; moving speed = moving distance /
///   moving time; pace = moving time per kilometre of moving distance. So, for every input:
///   the moving speed never exceeds the fastest step (`rawMaximumSpeed`); the average never
///   exceeds the moving speed (every other timed step is slower than the stop threshold, which
///   no moving step is, and the duration holds every timed step's time); the moving time never
///   exceeds the duration, nor the moving distance the distance.
/// - **Maximum speed.** The step speeds of each segment go through a running median of
///   `speedMedianWindow` steps (Tukey's running median, as in *Exploratory Data Analysis*,
///   1977), and the largest median is the maximum: one bad fix, which makes two fast steps,
///   cannot set it with the default window of 5. The raw maximum is the fastest single step.
/// - **Splits.** The track is cut every `splitMeters` of distance, across segment gaps; times
///   and smoothed elevations at a cut are interpolated linearly within the step that crosses
///   it. A last remainder under 1 mm makes no split of its own; its time goes to the last split. A split's time is the elapsed time of its timed
///   steps, stops included, so the split times add up to the time of the track's timed steps;
///   its pace is its moving time per kilometre of its moving distance.
public enum RouteStatisticsCalculator {
    /// The most splits made; when a track would need more, `splits` is empty.
    public static let maximumSplitCount = 100_000
    /// The shortest split length the front ends take (`touchline route stats --split`, the
    /// HTTP API's `?split=`): shorter splits say nothing a GPS fix can tell apart.
    public static let minimumSplitMeters = 10.0

    /// The statistics of a recorded track.
    ///
    /// - Parameters:
    ///   - track: the track; its segments are measured separately.
    ///   - splitMeters: the length of each split; not positive or not finite means no splits.
    ///   - options: the smoothing thresholds.
    public static func statistics(of track: Track, splitMeters: Double = 1000,
                                  options: StatisticsOptions = .init()) -> RouteStatistics {
        var calculation = Calculation(splitMeters: splitMeters, options: options)
        for segment in track.segments {
            calculation.add(segment)
        }
        return calculation.finish()
    }

    /// The statistics of a planned route, as a single segment through its stops.
    public static func statistics(of route: PlannedRoute, splitMeters: Double = 1000,
                                  options: StatisticsOptions = .init()) -> RouteStatistics {
        statistics(of: Track(name: route.name, segments: [route.stops.map(\.point)]),
                   splitMeters: splitMeters, options: options)
    }

    /// The statistics of what a file holds: its tracks as one (their segments in order), else
    /// its first planned route; nil when it has neither (waypoints alone).
    public static func statistics(of document: RouteDocument, splitMeters: Double = 1000,
                                  options: StatisticsOptions = .init()) -> RouteStatistics? {
        let segments = document.tracks.flatMap(\.segments)
        if segments.contains(where: { !$0.isEmpty }) {
            return statistics(of: Track(name: document.name, segments: segments), splitMeters: splitMeters, options: options)
        }
        return document.routes.first.map { statistics(of: $0, splitMeters: splitMeters, options: options) }
    }

    /// The length in metres of each leg of a planned route, from one stop to the next: one fewer
    /// than the stops (none for fewer than two). A leg with an invalid coordinate is NaN.
    ///
    /// ```swift
    /// RouteStatisticsCalculator.legs(of: route).reduce(0, +)  // the route's length
    /// ```
    public static func legs(of route: PlannedRoute) -> [Double] {
        zip(route.stops, route.stops.dropFirst()).map { Geodesic.distance($0.point, $1.point) }
    }

    /// Whether a point's coordinates can be measured.
    @inline(__always)
    static func isValid(_ point: GeoPoint) -> Bool {
        abs(point.latitude) <= 90 && point.longitude.isFinite
    }
}

// MARK: - The calculation

extension RouteStatisticsCalculator {
    /// The running totals, fed one segment at a time.
    struct Calculation {
        let options: StatisticsOptions
        let splitMeters: Double

        // Totals.
        var distance = 0.0
        var distance3D = 0.0
        var rawGain = 0.0, rawLoss = 0.0
        var elevation: ElevationHysteresis
        var minimumElevation = Double.infinity, maximumElevation = -Double.infinity
        var latestTime = -Double.infinity, timedPoints = 0
        /// The duration so far: see `measure`.
        var elapsed = 0.0
        var movingTime = 0.0, timedSteps = 0
        var timedDistance = 0.0, movingDistance = 0.0
        var maximumSpeed = -Double.infinity, rawMaximumSpeed = -Double.infinity
        var south = Double.infinity, north = -Double.infinity
        var longitudes: [Double] = []
        var pointCount = 0, segmentCount = 0

        // Splits.
        var makesSplits: Bool
        var splits: [RouteStatistics.Split] = []
        var splitClimb: ElevationHysteresis
        var splitDuration = 0.0, splitMovingTime = 0.0, splitMovingDistance = 0.0, splitTimed = false
        /// Where the next split ends, metres along the track.
        var nextCut: Double
        /// The distance covered so far by the splits' walk (equals `distance` after a segment).
        var walked = 0.0

        // Per-segment scratch, reused.
        var rawElevations: [Double] = []
        var smoothed: [Double] = []
        var steps: [Double] = []
        var stepTimes: [Double] = []
        var stepMoving: [Bool] = []
        var speeds: [Double] = []
        var prefix: [Double] = []
        var elevated: [Int] = []

        init(splitMeters: Double, options: StatisticsOptions) {
            self.options = options
            self.splitMeters = splitMeters
            makesSplits = splitMeters > 0 && splitMeters.isFinite
            nextCut = splitMeters
            elevation = ElevationHysteresis(threshold: options.elevationThresholdMeters)
            splitClimb = ElevationHysteresis(threshold: options.elevationThresholdMeters)
        }

        mutating func add(_ segment: [GeoPoint]) {
            measure(segment)
            let count = rawElevations.count
            guard count > 0 else { return }
            segmentCount += 1
            pointCount += count
            smoothElevations()
            walkProfileAndSplits()
            findMaximumSpeed()
        }

        /// Pass 1 over the valid points: bounds and extremes; step lengths, step times, moving
        /// time, step speeds; raw elevations and their sums.
        mutating func measure(_ segment: [GeoPoint]) {
            rawElevations.removeAll(keepingCapacity: true)
            steps.removeAll(keepingCapacity: true)
            stepTimes.removeAll(keepingCapacity: true)
            stepMoving.removeAll(keepingCapacity: true)
            speeds.removeAll(keepingCapacity: true)
            rawElevations.reserveCapacity(segment.count)
            steps.reserveCapacity(segment.count)
            stepTimes.reserveCapacity(segment.count)
            stepMoving.reserveCapacity(segment.count)
            speeds.reserveCapacity(segment.count)
            // `longitudes` grows by appending alone: reserving `count + segment.count` here
            // reallocated it for every segment, which made many short segments quadratic.

            var previous: Geodesic.SurfacePoint?
            var previousTime = Double.nan
            var latestInSegment = -Double.infinity
            var lastHeight = Double.nan
            // Zero-time steps waiting for the next step that takes time, which covers them too.
            var pendingLength = 0.0
            var pendingFrom: Int?
            for point in segment where RouteStatisticsCalculator.isValid(point) {
                south = min(south, point.latitude)
                north = max(north, point.latitude)
                longitudes.append(GeoBounds.normalizedLongitude(point.longitude))

                var time = Double.nan
                if let date = point.time, date.timeIntervalSinceReferenceDate.isFinite,
                   date.timeIntervalSinceReferenceDate >= latestInSegment {
                    time = date.timeIntervalSinceReferenceDate
                    // The duration runs along the track: from time to time within a segment,
                    // and from the latest time so far to a later segment's first.
                    if latestInSegment > -Double.infinity {
                        elapsed += time - latestInSegment
                    } else if timedPoints > 0 {
                        elapsed += max(0, time - latestTime)
                    }
                    latestInSegment = time
                    latestTime = max(latestTime, time)
                    timedPoints += 1
                }

                var height = Double.nan
                if let value = point.elevation, value.isFinite, abs(value) <= GeoPoint.elevationLimitMeters {
                    height = value
                    minimumElevation = min(minimumElevation, value)
                    maximumElevation = max(maximumElevation, value)
                    if !lastHeight.isNaN {
                        let rise = value - lastHeight
                        if rise > 0 { rawGain += rise } else { rawLoss -= rise }
                    }
                    lastHeight = value
                }
                rawElevations.append(height)

                let here = Geodesic.SurfacePoint(latitude: point.latitude, longitude: point.longitude)
                defer {
                    previous = here
                    previousTime = time
                }
                guard let previous else { continue }

                let length = Geodesic.stepDistance(previous, here)
                distance += length
                steps.append(length)

                var seconds = time - previousTime
                if !(seconds >= 0) { seconds = .nan } // a time missing
                stepTimes.append(seconds)
                var moving = false
                if seconds.isNaN {
                    // A missing time: zero-time steps before it stay distance only.
                    pendingLength = 0
                    pendingFrom = nil
                } else if seconds == 0 {
                    timedSteps += 1
                    pendingLength += length
                    if pendingFrom == nil { pendingFrom = stepMoving.count }
                } else {
                    timedSteps += 1
                    let covered = length + pendingLength
                    timedDistance += covered
                    let speed = covered / seconds
                    speeds.append(speed)
                    rawMaximumSpeed = max(rawMaximumSpeed, speed)
                    if speed >= options.stoppedSpeedMetersPerSecond {
                        moving = true
                        movingTime += seconds
                        movingDistance += covered
                        // The zero-time steps it covers moved too (for the splits).
                        if let from = pendingFrom {
                            for index in from..<stepMoving.count { stepMoving[index] = true }
                        }
                    }
                    pendingLength = 0
                    pendingFrom = nil
                }
                stepMoving.append(moving)
            }
        }

        /// Pass 2: the centred moving average of the elevations present, by prefix sums; NaN
        /// where a point has none.
        mutating func smoothElevations() {
            let count = rawElevations.count
            smoothed.removeAll(keepingCapacity: true)
            smoothed.append(contentsOf: repeatElement(Double.nan, count: count))
            elevated.removeAll(keepingCapacity: true)
            elevated.reserveCapacity(count)
            prefix.removeAll(keepingCapacity: true)
            prefix.reserveCapacity(count + 1)
            prefix.append(0)
            var sum = 0.0
            for k in 0..<count where !rawElevations[k].isNaN {
                elevated.append(k)
                sum += rawElevations[k]
                prefix.append(sum)
            }
            let present = elevated.count
            let halfWindow = options.elevationHalfWindow
            for j in 0..<present {
                let half = min(halfWindow, j, present - 1 - j)
                if half == 0 {
                    smoothed[elevated[j]] = rawElevations[elevated[j]]
                } else {
                    smoothed[elevated[j]] = (prefix[j + half + 1] - prefix[j - half]) / Double(2 * half + 1)
                }
            }
        }

        /// Pass 3: smoothed gain and loss, 3-D distance, and the splits.
        mutating func walkProfileAndSplits() {
            let count = rawElevations.count
            // 3-D distance: horizontal distance since the last point with an elevation, combined
            // with the smoothed change of elevation since it.
            var sinceElevated = 0.0
            var lastSmoothed = smoothed[0]
            if !lastSmoothed.isNaN {
                elevation.add(lastSmoothed)
                if makesSplits { splitClimb.add(lastSmoothed) }
            }
            for k in 1..<max(1, count) {
                let length = steps[k - 1]
                if makesSplits { cutSplits(step: k, length: length) }
                sinceElevated += length
                let height = smoothed[k]
                if !height.isNaN {
                    if lastSmoothed.isNaN {
                        distance3D += sinceElevated
                    } else {
                        let rise = height - lastSmoothed
                        distance3D += (sinceElevated * sinceElevated + rise * rise).squareRoot()
                    }
                    sinceElevated = 0
                    lastSmoothed = height
                    elevation.add(height)
                    if makesSplits { splitClimb.add(height) }
                }
            }
            distance3D += sinceElevated
            // A gap follows: what was climbing or descending ends here.
            elevation.flush()
            if makesSplits { splitClimb.flush() }
        }

        /// Credits step `k` (from point k - 1 to k, `length` metres, starting `walked` metres
        /// along the track) to the splits, closing a split wherever the step crosses a
        /// multiple of `splitMeters`; time and smoothed elevation at the cut are interpolated.
        mutating func cutSplits(step k: Int, length: Double) {
            let seconds = stepTimes[k - 1]
            let moving = stepMoving[k - 1]
            // Where the step starts along the whole track.
            let start = walked
            walked += length
            var used = 0.0 // fraction of the step already credited
            while length > 0 && nextCut <= walked {
                let fraction = min(1, max(used, (nextCut - start) / length))
                credit(seconds: seconds, moving: moving, length: length, fraction: fraction - used)
                used = fraction
                let before = smoothed[k - 1], after = smoothed[k]
                if !before.isNaN && !after.isNaN {
                    splitClimb.add(before + (after - before) * fraction)
                }
                closeSplit(distanceMeters: splitMeters)
                if !before.isNaN && !after.isNaN {
                    splitClimb.add(before + (after - before) * fraction)
                }
                nextCut = Double(splits.count + 1) * splitMeters
                if splits.count > RouteStatisticsCalculator.maximumSplitCount {
                    makesSplits = false
                    splits = []
                    return
                }
            }
            credit(seconds: seconds, moving: moving, length: length, fraction: 1 - used)
        }

        /// Credits `fraction` of a step of `length` metres and `seconds` (NaN when untimed) to
        /// the open split.
        mutating func credit(seconds: Double, moving: Bool, length: Double, fraction: Double) {
            guard !seconds.isNaN else { return }
            splitTimed = true
            splitDuration += seconds * fraction
            if moving {
                splitMovingTime += seconds * fraction
                splitMovingDistance += length * fraction
            }
        }

        mutating func closeSplit(distanceMeters: Double) {
            splitClimb.flush()
            let (climb, descent) = splitClimb.takeTotals()
            let timed = splitTimed
            splits.append(RouteStatistics.Split(
                index: splits.count,
                distanceMeters: distanceMeters,
                durationSeconds: timed ? splitDuration : nil,
                movingTimeSeconds: timed ? splitMovingTime : nil,
                movingDistanceMeters: timed ? splitMovingDistance : nil,
                paceSecondsPerKilometer: splitMovingTime > 0 && splitMovingDistance > 0
                    ? splitMovingTime / splitMovingDistance * 1000 : nil,
                climbMeters: climb,
                descentMeters: descent))
            splitDuration = 0
            splitMovingTime = 0
            splitMovingDistance = 0
            splitTimed = false
        }

        /// Gives the time after the last cut, when the distance left is too short for a split of
        /// its own, to the last split, so that no elapsed time is lost.
        mutating func addOpenTimeToLastSplit() {
            guard let last = splits.indices.last else { return }
            var split = splits[last]
            split.durationSeconds = (split.durationSeconds ?? 0) + splitDuration
            split.movingTimeSeconds = (split.movingTimeSeconds ?? 0) + splitMovingTime
            let movingDistance = (split.movingDistanceMeters ?? 0) + splitMovingDistance
            split.movingDistanceMeters = movingDistance
            if let moving = split.movingTimeSeconds, moving > 0, movingDistance > 0 {
                split.paceSecondsPerKilometer = moving / movingDistance * 1000
            }
            splits[last] = split
        }

        /// Pass 4: the running median of the step speeds, and its maximum.
        mutating func findMaximumSpeed() {
            let count = speeds.count
            guard count > 0 else { return }
            let half = options.speedHalfWindow
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * half + 1) { window in
                for j in 0..<count {
                    let from = max(0, j - half), to = min(count - 1, j + half)
                    // Insertion sort of the window (at most 31 values).
                    var filled = 0
                    for i in from...to {
                        let value = speeds[i]
                        var slot = filled
                        while slot > 0 && window[slot - 1] > value {
                            window[slot] = window[slot - 1]
                            slot -= 1
                        }
                        window[slot] = value
                        filled += 1
                    }
                    // The lower median, so an even window near an end leans to the slower side.
                    maximumSpeed = max(maximumSpeed, window[(filled - 1) / 2])
                }
            }
        }

        mutating func finish() -> RouteStatistics {
            if makesSplits {
                let remainder = walked - Double(splits.count) * splitMeters
                if remainder >= 0.001 || (splits.isEmpty && splitDuration > 0) {
                    closeSplit(distanceMeters: max(0, remainder))
                } else if splitTimed {
                    addOpenTimeToLastSplit()
                }
                if splits.count > RouteStatisticsCalculator.maximumSplitCount { splits = [] }
            }
            let duration: Double? = timedPoints >= 2 ? elapsed : nil
            let moving: Double? = timedSteps > 0 ? movingTime : nil
            let movingSpeed = moving.flatMap { $0 > 0 ? movingDistance / $0 : nil }
            let elevationKnown = minimumElevation <= maximumElevation
            var bounds: GeoBounds?
            if let (west, east) = GeoBounds.longitudeRange(of: longitudes) {
                bounds = GeoBounds(south: south, west: west, north: north, east: east)
            }
            return RouteStatistics(
                distanceMeters: distance,
                distance3DMeters: distance3D,
                elevationGainMeters: elevation.gain,
                elevationLossMeters: elevation.loss,
                rawElevationGainMeters: rawGain,
                rawElevationLossMeters: rawLoss,
                timedDistanceMeters: timedSteps > 0 ? timedDistance : nil,
                movingDistanceMeters: timedSteps > 0 ? movingDistance : nil,
                durationSeconds: duration,
                movingTimeSeconds: moving,
                averageSpeed: duration.flatMap { $0 > 0 ? timedDistance / $0 : nil },
                movingSpeed: movingSpeed,
                maximumSpeed: maximumSpeed.isFinite ? maximumSpeed : nil,
                rawMaximumSpeed: rawMaximumSpeed.isFinite ? rawMaximumSpeed : nil,
                paceSecondsPerKilometer: movingSpeed.flatMap { $0 > 0 ? 1000 / $0 : nil },
                minimumElevationMeters: elevationKnown ? minimumElevation : nil,
                maximumElevationMeters: elevationKnown ? maximumElevation : nil,
                bounds: bounds,
                splits: splits,
                pointCount: pointCount,
                segmentCount: segmentCount)
        }
    }
}
