import Foundation
import Prometheus

/// What `GET /metrics` shows, in Prometheus's text format: requests and their latency by route,
/// method and status, renders, logins and rate-limit refusals. One registry per server, so
/// servers in one process (tests) count apart.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()

    /// Latency buckets, in seconds: from a cached read to a slow render.
    static let buckets: [Duration] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
        .map { Duration.nanoseconds(Int64($0 * 1e9)) }

    /// Counts a request and its duration; `route` is the route's pattern, never the raw path,
    /// so ids and secrets do not become labels.
    func request(route: String, method: String, status: Int, duration: Duration) {
        let labels = [("route", route), ("method", method), ("status", String(status))]
        registry.makeCounter(name: "touchline_http_requests_total", labels: labels,
                             help: "HTTP requests answered, by route pattern, method and status.").increment()
        registry.makeDurationHistogram(name: "touchline_http_request_duration_seconds", labels: labels,
                                       buckets: Self.buckets,
                                       help: "Time to answer an HTTP request, by route pattern, method and status.")
            .record(duration)
    }

    /// Counts a render by what was drawn (`board`, `table`) and its format.
    func render(_ kind: String, format: String) {
        registry.makeCounter(name: "touchline_renders_total", labels: [("kind", kind), ("format", format)],
                             help: "Images and documents rendered, by kind and format.").increment()
    }

    /// Counts a login attempt by outcome (`success`, `failure`, `limited`).
    func login(_ outcome: String) {
        registry.makeCounter(name: "touchline_logins_total", labels: [("outcome", outcome)],
                             help: "Login attempts, by outcome.").increment()
    }

    /// Counts a request refused by a rate limit (`login-account`, `login-address`, `signup-address`,
    /// `league-join`).
    func rateLimited(_ limit: String) {
        registry.makeCounter(name: "touchline_rate_limited_total", labels: [("limit", limit)],
                             help: "Requests refused by a rate limit, by limit.").increment()
    }

    /// The text `GET /metrics` answers.
    func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
