import Hummingbird
import NIOCore

/// `/healthz`, `/readyz`, `/metrics` and the OpenAPI document.
struct HealthRoutes {
    let api: APIServices

    func register(on router: Router<APIContext>) {
        router.get("/healthz") { _, _ in
            try APIJSON.response(["status": "ok"])
        }
        router.get("/readyz") { _, _ in
            do {
                try await api.run { try api.store.checkReachable() }
            } catch {
                throw Problem(.busy, "the database cannot be reached", retryAfter: 5)
            }
            return try APIJSON.response(["status": "ready"])
        }
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(bytes: api.metrics.exposition())))
        }
        router.get("/api/v1/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
    }
}
