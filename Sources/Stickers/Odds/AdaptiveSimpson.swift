/// Adaptive Simpson's rule: a panel is split in two until Simpson's estimates of the halves
/// agree with the whole's to the tolerance (Richardson's correction added), after 8 halvings at
/// least (256 panels, so that no feature hides between the first few points) and 50 at most.
enum AdaptiveSimpson {
    static func integrate(_ f: (Double) -> Double, from a: Double, to b: Double, relativeTolerance: Double) -> Double {
        let fa = f(a), fb = f(b), fm = f((a + b) / 2)
        let whole = (b - a) / 6 * (fa + 4 * fm + fb)
        // A first, coarse pass sets the absolute tolerance from the size of the answer.
        let scale = max(abs(whole), Double.leastNormalMagnitude)
        return refine(f, Panel(a: a, b: b, fa: fa, fm: fm, fb: fb, estimate: whole),
                      tolerance: relativeTolerance * scale, depth: 50)
    }

    private struct Panel {
        var a, b, fa, fm, fb, estimate: Double
    }

    private static func refine(_ f: (Double) -> Double, _ panel: Panel, tolerance: Double, depth: Int) -> Double {
        let m = (panel.a + panel.b) / 2
        let leftMiddle = f((panel.a + m) / 2), rightMiddle = f((m + panel.b) / 2)
        let left = Panel(a: panel.a, b: m, fa: panel.fa, fm: leftMiddle, fb: panel.fm,
                         estimate: (m - panel.a) / 6 * (panel.fa + 4 * leftMiddle + panel.fm))
        let right = Panel(a: m, b: panel.b, fa: panel.fm, fm: rightMiddle, fb: panel.fb,
                          estimate: (panel.b - m) / 6 * (panel.fm + 4 * rightMiddle + panel.fb))
        let difference = left.estimate + right.estimate - panel.estimate
        if depth == 0 || (depth <= 42 && abs(difference) <= 15 * tolerance) {
            return left.estimate + right.estimate + difference / 15
        }
        return refine(f, left, tolerance: tolerance / 2, depth: depth - 1)
            + refine(f, right, tolerance: tolerance / 2, depth: depth - 1)
    }
}
