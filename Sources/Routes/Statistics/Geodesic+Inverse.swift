import Foundation

// Karney's solution of the inverse geodesic problem on the WGS84 ellipsoid, distance only.
//
// A transcription of `Geodesic::GenInverse` and its helpers from GeographicLib 2.x
// (C++ `Geodesic.cpp`, Python `geographiclib/geodesic.py`), Copyright (c) Charles Karney
// (2009-2022), MIT/X11 licence, https://geographiclib.sourceforge.io/. The method is described
// in C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43-55 (2013),
// https://doi.org/10.1007/s00190-012-0578-z, with the errata at
// https://geographiclib.sourceforge.io/geod-addenda.html.
//
// Differences from the original: only the distance s12 is computed (no azimuths, reduced length,
// scales or area); the series are of the sixth order (GEOGRAPHICLIB_GEODESIC_ORDER = 6, the
// default for doubles); only the oblate branch (f > 0) of the starting guess is kept, since the
// ellipsoid is fixed to WGS84; the coefficient arrays are fixed-size values so a call allocates
// nothing. Variable names follow the original so the two can be read side by side.

extension Geodesic {
    // MARK: Ellipsoid constants

    static let a = equatorialRadiusMeters
    static let f = flattening
    static let f1 = 1 - f
    static let e2 = f * (2 - f)
    /// Second eccentricity squared, e2 / (1 - e2).
    static let ep2 = e2 / (f1 * f1)
    /// Third flattening.
    static let n = f / (2 - f)
    /// Polar semi-axis.
    static let b = a * f1

    // MARK: Tolerances (GeographicLib's names)

    static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolb = tol0
    static let xthresh = 1000 * tol2
    static let maxit1 = 20
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10
    static let etol2 = 0.1 * tol2 / (max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2).squareRoot()

    /// The coefficients of A3 (a polynomial in eps, highest power first), which depend on n only.
    static let a3x: Coefficients6 = {
        let coeff: [Double] = [
            -3, 128,
            -2, -3, 64,
            -1, -3, -1, 16,
            3, -1, -2, 8,
            1, -1, 2,
            1, 1,
        ]
        var result = Coefficients6()
        var o = 0
        var k = 0
        for j in stride(from: 5, through: 0, by: -1) {
            let m = min(6 - j - 1, j)
            result[k] = polyval(m, coeff, o, n) / coeff[o + m + 1]
            k += 1
            o += m + 2
        }
        return result
    }()

    /// The coefficients of C3[l], l = 1...5 (15 values), which depend on n only.
    static let c3x: [Double] = {
        let coeff: [Double] = [
            3, 128,
            2, 5, 128,
            -1, 3, 3, 64,
            -1, 0, 1, 8,
            -1, 1, 4,
            5, 256,
            1, 3, 128,
            -3, -2, 3, 64,
            1, -3, 2, 32,
            7, 512,
            -10, 9, 384,
            5, -9, 5, 192,
            7, 512,
            -14, 7, 512,
            21, 2560,
        ]
        var result = [Double](repeating: 0, count: 15)
        var o = 0
        var k = 0
        for l in 1..<6 {
            for j in stride(from: 5, through: l, by: -1) {
                let m = min(6 - j - 1, j)
                result[k] = polyval(m, coeff, o, n) / coeff[o + m + 1]
                k += 1
                o += m + 2
            }
        }
        return result
    }()

    // MARK: The inverse problem

    /// The length in metres of the shortest geodesic between two points given in degrees, by
    /// Karney's method: accurate to about 15 nm anywhere on the ellipsoid, including nearly
    /// antipodal points where Vincenty's iteration fails to converge. NaN in, NaN out.
    static func karneyDistance(lat1 latitude1: Double, lon1 longitude1: Double,
                               lat2 latitude2: Double, lon2 longitude2: Double) -> Double {
        // Longitude difference, reduced to [-180, 180] exactly, and its supplement.
        var (lon12, lon12s) = angDiff(longitude1, longitude2)
        let lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * .pi / 180
        let (slam12, clam12) = sincosde(lon12, lon12s)
        lon12s = (180 - lon12) - lon12s

        // Put the points in canonical position: |lat1| >= |lat2|, lat1 <= 0, lon12 >= 0.
        var lat1 = angRound(latFix(latitude1))
        var lat2 = angRound(latFix(latitude2))
        if abs(lat1) < abs(lat2) || lat2.isNaN {
            swap(&lat1, &lat2)
        }
        let latsign: Double = (-lat1).sign == .minus ? -1 : 1
        lat1 *= latsign
        lat2 *= latsign

        // Reduced latitudes.
        var (sbet1, cbet1) = sincosd(lat1)
        sbet1 *= f1
        (sbet1, cbet1) = norm(sbet1, cbet1)
        cbet1 = max(tiny, cbet1)
        var (sbet2, cbet2) = sincosd(lat2)
        sbet2 *= f1
        (sbet2, cbet2) = norm(sbet2, cbet2)
        cbet2 = max(tiny, cbet2)

        // Make the symmetric cases exactly symmetric (|bet1| = |bet2|).
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2.sign == .minus ? -abs(sbet1) : abs(sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }

        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var meridian = lat1 == -90 || slam12 == 0
        var s12x = Double.nan

        if meridian {
            // Endpoint on a pole or the points on one meridian: the geodesic is the meridian.
            let calp1 = clam12, calp2 = 1.0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            var sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            var (s12b, m12b) = lengths(eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                                       ssig2: ssig2, csig2: csig2, dn2: dn2,
                                       distance: true, reducedLength: true)
            // Past the conjugate point the meridian is not the shortest path (prolate only).
            if sig12 < tol2 || m12b >= 0 {
                if sig12 < 3 * tiny || (sig12 < tol0 && (s12b < 0 || m12b < 0)) {
                    sig12 = 0
                    m12b = 0
                    s12b = 0
                }
                s12x = s12b * b
            } else {
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Both points on the equator, and the equator is the shortest path.
            s12x = a * lam12
        } else if !meridian {
            let start = inverseStart(sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2,
                                     lam12: lam12, slam12: slam12, clam12: clam12)
            if start.sig12 >= 0 {
                // Short line: the starting guess is already exact to rounding.
                s12x = start.sig12 * b * start.dnm
            } else {
                // Newton's method on alpha1, falling back on bisection.
                var salp1 = start.salp1, calp1 = start.calp1
                var numit = 0
                var tripn = false, tripb = false
                var salp1a = tiny, calp1a = 1.0, salp1b = tiny, calp1b = -1.0
                var result: Lambda12Result
                while true {
                    result = lambda12(sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                                      salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                                      diffp: numit < maxit1)
                    let v = result.lam12
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * tol0) || numit == maxit2 { break }
                    // Update the bracket [alp1a, alp1b] of the root.
                    if v > 0 && (numit > maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    numit += 1
                    let dv = result.dlam12
                    if numit < maxit1 && dv > 0 {
                        let dalp1 = -v / dv
                        if abs(dalp1) < .pi {
                            let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                (salp1, calp1) = norm(salp1, calp1)
                                tripn = abs(v) <= 16 * tol0
                                continue
                            }
                        }
                    }
                    // Newton went astray or stalled: bisect the bracket.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    (salp1, calp1) = norm(salp1, calp1)
                    tripn = false
                    tripb = abs(salp1a - salp1) + (calp1a - calp1) < tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < tolb
                }
                let s12b = lengths(eps: result.eps, sig12: result.sig12,
                                   ssig1: result.ssig1, csig1: result.csig1, dn1: dn1,
                                   ssig2: result.ssig2, csig2: result.csig2, dn2: dn2,
                                   distance: true, reducedLength: false).s12b
                s12x = s12b * b
            }
        }
        return 0 + s12x // -0 becomes 0
    }

    // MARK: Helpers of the inverse problem

    /// The distance (`s12b`, in units of b) and reduced length (`m12b`) along a geodesic, as
    /// asked; the other is NaN.
    static func lengths(eps: Double, sig12: Double,
                        ssig1: Double, csig1: Double, dn1: Double,
                        ssig2: Double, csig2: Double, dn2: Double,
                        distance: Bool, reducedLength: Bool) -> (s12b: Double, m12b: Double) {
        var s12b = Double.nan, m12b = Double.nan
        var a1 = a1m1f(eps)
        let c1a = c1f(eps)
        var a2 = 0.0, m0x = 0.0, j12 = 0.0
        var c2a = Coefficients6()
        if reducedLength {
            a2 = a2m1f(eps)
            c2a = c2f(eps)
            m0x = a1 - a2
            a2 = 1 + a2
        }
        a1 = 1 + a1
        if distance {
            let b1 = sinCosSeries(ssig2, csig2, c1a) - sinCosSeries(ssig1, csig1, c1a)
            s12b = a1 * (sig12 + b1)
            if reducedLength {
                let b2 = sinCosSeries(ssig2, csig2, c2a) - sinCosSeries(ssig1, csig1, c2a)
                j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
            }
        } else if reducedLength {
            // Combine the two series to save a Clenshaw summation.
            for l in 0..<6 { c2a[l] = a1 * c1a[l] - a2 * c2a[l] }
            j12 = m0x * sig12 + (sinCosSeries(ssig2, csig2, c2a) - sinCosSeries(ssig1, csig1, c2a))
        }
        if reducedLength {
            m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }
        return (s12b, m12b)
    }

    /// A starting guess for Newton's method; `sig12 >= 0` when the line is so short that the
    /// guess is the answer (then `dnm` is set).
    static func inverseStart(sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double,
                             lam12: Double, slam12: Double, clam12: Double)
        -> (sig12: Double, salp1: Double, calp1: Double, dnm: Double) {
        var sig12 = -1.0, dnm = Double.nan
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        var sbet12a = sbet2 * cbet1
        sbet12a += cbet2 * sbet1

        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        var salp1 = cbet2 * somg12
        var calp1 = comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)

        let ssig12 = hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            // Really short: the great-circle solution on the auxiliary sphere is the answer.
            sig12 = atan2(ssig12, csig12)
        } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // Not nearly antipodal: the spherical guess above is good enough.
        } else {
            // Nearly antipodal: scale to the astroid problem (Karney 2013, section 5).
            let lam12x = atan2(-slam12, -clam12)
            let k2 = sbet1 * sbet1 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamscale = f * cbet1 * a3f(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -tol1 && x > -1 - xthresh {
                salp1 = min(1.0, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            (salp1, calp1) = norm(salp1, calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        return (sig12, salp1, calp1, dnm)
    }

    struct Lambda12Result {
        var lam12: Double
        var sig12: Double
        var ssig1: Double, csig1: Double
        var ssig2: Double, csig2: Double
        var eps: Double
        var dlam12: Double
    }

    /// The longitude difference (minus the target) reached by the geodesic leaving point 1 at
    /// azimuth alpha1, and its derivative with respect to alpha1 when `diffp`.
    static func lambda12(sbet1: Double, cbet1: Double, dn1: Double,
                         sbet2: Double, cbet2: Double, dn2: Double,
                         salp1: Double, calp1 calp1In: Double,
                         slam120: Double, clam120: Double, diffp: Bool) -> Lambda12Result {
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 {
            // Break the degeneracy of equatorial lines.
            calp1 = -tiny
        }
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)

        var ssig1 = sbet1, csig1 = calp1 * cbet1
        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        (ssig1, csig1) = norm(ssig1, csig1)

        let calp2: Double
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let term = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + term).squareRoot() / cbet2
        } else {
            calp2 = abs(calp1)
        }
        var ssig2 = sbet2, csig2 = calp2 * cbet2
        let somg2 = salp0 * sbet2, comg2 = calp2 * cbet2
        (ssig2, csig2) = norm(ssig2, csig2)

        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3a = c3f(eps)
        let b312 = sinCosSeries(ssig2, csig2, c3a) - sinCosSeries(ssig1, csig1, c3a)
        let domg12 = -f * a3f(eps) * salp0 * (sig12 + b312)
        let lam12 = eta + domg12

        var dlam12 = Double.nan
        if diffp {
            if calp2 == 0 {
                dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                let m12b = lengths(eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                                   ssig2: ssig2, csig2: csig2, dn2: dn2,
                                   distance: false, reducedLength: true).m12b
                dlam12 = m12b * f1 / (calp2 * cbet2)
            }
        }
        return Lambda12Result(lam12: lam12, sig12: sig12, ssig1: ssig1, csig1: csig1,
                              ssig2: ssig2, csig2: csig2, eps: eps, dlam12: dlam12)
    }

    /// Solves the astroid equation k^4 + 2 k^3 - (x^2 + y^2 - 1) k^2 - 2 y^2 k - y^2 = 0 for its
    /// positive root (Karney 2013, eq. 55).
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r, r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    // MARK: Series (sixth order in eps; coefficients from GeographicLib)

    /// A1 - 1.
    static func a1m1f(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = eps2 * (eps2 * (eps2 + 4) + 64) / 256
        return (t + eps) / (1 - eps)
    }

    /// A2 - 1.
    static func a2m1f(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = eps2 * (eps2 * (-11 * eps2 - 28) - 192) / 256
        return (t - eps) / (1 + eps)
    }

    /// C1[l], l = 1...6, stored at 0...5.
    static func c1f(_ eps: Double) -> Coefficients6 {
        let eps2 = eps * eps
        var d = eps
        var c = Coefficients6()
        c[0] = d * ((6 - eps2) * eps2 - 16) / 32
        d *= eps
        c[1] = d * ((64 - 9 * eps2) * eps2 - 128) / 2048
        d *= eps
        c[2] = d * (9 * eps2 - 16) / 768
        d *= eps
        c[3] = d * (3 * eps2 - 5) / 512
        d *= eps
        c[4] = -7 * d / 1280
        d *= eps
        c[5] = -7 * d / 2048
        return c
    }

    /// C2[l], l = 1...6, stored at 0...5.
    static func c2f(_ eps: Double) -> Coefficients6 {
        let eps2 = eps * eps
        var d = eps
        var c = Coefficients6()
        c[0] = d * (eps2 * (eps2 + 2) + 16) / 32
        d *= eps
        c[1] = d * (eps2 * (35 * eps2 + 64) + 384) / 2048
        d *= eps
        c[2] = d * (15 * eps2 + 80) / 768
        d *= eps
        c[3] = d * (7 * eps2 + 35) / 512
        d *= eps
        c[4] = 63 * d / 1280
        d *= eps
        c[5] = 77 * d / 2048
        return c
    }

    /// A3.
    static func a3f(_ eps: Double) -> Double {
        let c = a3x
        var y = c[0]
        for i in 1..<6 { y = y * eps + c[i] }
        return y
    }

    /// C3[l], l = 1...5, stored at 0...4 (5 is zero).
    static func c3f(_ eps: Double) -> Coefficients6 {
        let x = c3x
        var c = Coefficients6()
        var mult = 1.0
        var o = 0
        for l in 1..<6 {
            let m = 6 - l - 1
            mult *= eps
            var y = x[o]
            var i = 0
            while i < m {
                i += 1
                y = y * eps + x[o + i]
            }
            c[l - 1] = mult * y
            o += m + 1
        }
        return c
    }

    /// Sum of c[l-1] sin(2 l x) for l = 1...6 by Clenshaw summation, from sin x and cos x.
    @inline(__always)
    static func sinCosSeries(_ sinx: Double, _ cosx: Double, _ c: Coefficients6) -> Double {
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0, y1 = 0.0
        y1 = ar * y0 - y1 + c.c5
        y0 = ar * y1 - y0 + c.c4
        y1 = ar * y0 - y1 + c.c3
        y0 = ar * y1 - y0 + c.c2
        y1 = ar * y0 - y1 + c.c1
        y0 = ar * y1 - y0 + c.c0
        return 2 * sinx * cosx * y0
    }

    /// Evaluates the polynomial p[s] x^N + ... + p[s + N] (GeographicLib's `polyval`).
    static func polyval(_ degree: Int, _ p: [Double], _ s: Int, _ x: Double) -> Double {
        var y = degree < 0 ? 0 : p[s]
        var k = 0
        while k < degree {
            k += 1
            y = y * x + p[s + k]
        }
        return y
    }

    // MARK: Angles (GeographicLib's Math class)

    /// Normalises the vector (x, y).
    @inline(__always)
    static func norm(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }

    /// The sum u + v and its rounding error t (error-free transformation).
    @inline(__always)
    static func sumWithError(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s == 0 ? s : 0 - (up + vpp)
        return (s, t)
    }

    /// Rounds tiny angles so they underflow to 0 rather than creating near-singular cases.
    static func angRound(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        if y < z { y = z - (z - y) }
        return x.sign == .minus ? -y : y
    }

    /// NaN for latitudes outside [-90, 90].
    static func latFix(_ x: Double) -> Double {
        abs(x) > 90 ? .nan : x
    }

    /// y - x reduced to [-180, 180] exactly, as a rounded value and its error.
    static func angDiff(_ x: Double, _ y: Double) -> (d: Double, t: Double) {
        var (d, t) = sumWithError((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
        (d, t) = sumWithError(d.remainder(dividingBy: 360), t)
        if d == 0 || abs(d) == 180 {
            let sign = t == 0 ? y - x : -t
            d = sign.sign == .minus ? -abs(d) : abs(d)
        }
        return (d, t)
    }

    /// The sine and cosine of x degrees, exact for multiples of 90.
    static func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
        var r = x.isFinite ? x.truncatingRemainder(dividingBy: 360) : .nan
        let q = r.isNaN ? 0 : Int((r / 90).rounded())
        r -= 90 * Double(q)
        r *= .pi / 180
        return quadrant(sin(r), cos(r), q, x)
    }

    /// The sine and cosine of (x + t) degrees, for x in [-180, 180] and small t.
    static func sincosde(_ x: Double, _ t: Double) -> (sin: Double, cos: Double) {
        let q = x.isFinite ? Int((x / 90).rounded()) : 0
        var r = x - 90 * Double(q)
        r = angRound(r + t) * .pi / 180
        return quadrant(sin(r), cos(r), q, x)
    }

    @inline(__always)
    private static func quadrant(_ s: Double, _ c: Double, _ q: Int, _ x: Double) -> (sin: Double, cos: Double) {
        var s = s, c = c
        switch q & 3 {
        case 1: (s, c) = (c, -s)
        case 2: (s, c) = (-s, -c)
        case 3: (s, c) = (-c, s)
        default: break
        }
        c += 0
        if s == 0 { s = x.sign == .minus ? -0.0 : 0.0 }
        return (s, c)
    }
}

/// Six series coefficients held inline, so the geodesic code allocates nothing per call.
struct Coefficients6 {
    var c0 = 0.0, c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0

    @inline(__always)
    subscript(index: Int) -> Double {
        get {
            switch index {
            case 0: c0
            case 1: c1
            case 2: c2
            case 3: c3
            case 4: c4
            default: c5
            }
        }
        set {
            switch index {
            case 0: c0 = newValue
            case 1: c1 = newValue
            case 2: c2 = newValue
            case 3: c3 = newValue
            case 4: c4 = newValue
            default: c5 = newValue
            }
        }
    }
}
