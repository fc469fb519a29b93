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

    // Descriptors are not Sendable, so they are made when needed (the registry keeps the metrics).
    static var requests: MetricNameDescriptor { MetricNameDescriptor(namespace: "touchline", subsystem: "http", metricName: "requests",
                                               unitName: "total", helpText: "HTTP requests answered, by route pattern, method and status.") }
    static var requestDuration: MetricNameDescriptor { MetricNameDescriptor(
        namespace: "touchline", subsystem: "http", metricName: "request_duration", unitName: "seconds",
        helpText: "Time to answer an HTTP request, by route pattern, method and status.") }
    static var renders: MetricNameDescriptor { MetricNameDescriptor(namespace: "touchline", metricName: "renders", unitName: "total",
                                              helpText: "Images and documents rendered, by kind and format.") }
    static var logins: MetricNameDescriptor { MetricNameDescriptor(namespace: "touchline", metricName: "logins", unitName: "total",
                                             helpText: "Login attempts, by outcome.") }
    static var rateLimits: MetricNameDescriptor { MetricNameDescriptor(namespace: "touchline", metricName: "rate_limited", unitName: "total",
                                                 helpText: "Requests refused by a rate limit, by limit.") }

    /// Counts a request and its duration; `route` is the route's pattern, never the raw path,
    /// so ids and secrets do not become labels.
    func request(route: String, method: String, status: Int, duration: Duration) {
        let labels = [("route", route), ("method", method), ("status", String(status))]
        registry.makeCounter(descriptor: Self.requests, labels: labels).increment()
        registry.makeDurationHistogram(descriptor: Self.requestDuration, labels: labels, buckets: Self.buckets).record(duration)
    }

    /// Counts a render by what was drawn (`board`, `table`) and its format.
    func render(_ kind: String, format: String) {
        registry.makeCounter(descriptor: Self.renders, labels: [("kind", kind), ("format", format)]).increment()
    }

    /// Counts a login attempt by outcome (`success`, `failure`, `limited`).
    func login(_ outcome: String) {
        registry.makeCounter(descriptor: Self.logins, labels: [("outcome", outcome)]).increment()
    }

    /// Counts a request refused by a rate limit (`login-account`, `login-address`, `signup-address`,
    /// `league-join`).
    func rateLimited(_ limit: String) {
        registry.makeCounter(descriptor: Self.rateLimits, labels: [("limit", limit)]).increment()
    }

    /// The text `GET /metrics` answers.
    func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
