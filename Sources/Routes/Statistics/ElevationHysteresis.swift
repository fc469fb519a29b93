import Foundation

/// Counts climbs and descents in a stream of (smoothed) elevations, ignoring reversals smaller
/// than a threshold.
///
/// The counter remembers the last confirmed turning point (`anchor`) and the extreme reached
/// since, going up or down. A climb is confirmed when the profile has risen `threshold` above
/// the lowest point seen; it ends, and is counted in full from its foot to its top, when the
/// profile falls `threshold` below the top; likewise for descents. So a steady 100 m climb
/// counts 100 m, not 100 m minus the threshold, and ±1 m noise on a flat road counts nothing.
struct ElevationHysteresis {
    let threshold: Double
    private(set) var gain = 0.0
    private(set) var loss = 0.0
    /// The last turning point, or NaN before the first elevation.
    private var anchor = Double.nan
    /// The highest and lowest elevations since the anchor, while the direction is undecided.
    private var high = Double.nan, low = Double.nan
    /// 1 climbing, -1 descending, 0 undecided.
    private var direction = 0

    init(threshold: Double) {
        self.threshold = threshold
    }

    mutating func add(_ elevation: Double) {
        switch direction {
        case 1:
            if elevation > high {
                high = elevation
            } else if high - elevation >= threshold {
                gain += high - anchor
                anchor = high
                low = elevation
                direction = -1
            }
        case -1:
            if elevation < low {
                low = elevation
            } else if elevation - low >= threshold {
                loss += anchor - low
                anchor = low
                high = elevation
                direction = 1
            }
        default:
            guard !anchor.isNaN else {
                anchor = elevation
                high = elevation
                low = elevation
                return
            }
            high = max(high, elevation)
            low = min(low, elevation)
            // Whichever extreme the profile has now moved `threshold` away from is where the
            // first climb or descent started.
            if elevation - low >= threshold && elevation == high {
                anchor = low
                direction = 1
            } else if high - elevation >= threshold && elevation == low {
                anchor = high
                direction = -1
            }
        }
    }

    /// Counts the climb or descent in progress and forgets the profile, at a gap or the end.
    mutating func flush() {
        if direction == 1 {
            gain += high - anchor
        } else if direction == -1 {
            loss += anchor - low
        }
        anchor = .nan
        high = .nan
        low = .nan
        direction = 0
    }

    /// Returns the gain and loss counted so far and starts counting from zero.
    mutating func takeTotals() -> (gain: Double, loss: Double) {
        defer {
            gain = 0
            loss = 0
        }
        return (gain, loss)
    }
}
