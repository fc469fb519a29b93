import Foundation
import Testing
@testable import TouchlineServer

@Suite("The OpenAPI document")
struct OpenAPIDocumentTests {
    static let methods = ["get", "put", "post", "delete", "patch", "head", "options"]

    static func document() throws -> [String: Any] {
        let data = Data(OpenAPIDocument.json.utf8)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TestFailure("the document is not a JSON object")
        }
        return object
    }

    @Test("docs/openapi.json is the document the server serves (run scripts/embed-openapi after editing it)")
    func servedIsKept() async throws {
        let kept = try String(contentsOf: APITest.root.appendingPathComponent("docs/openapi.json"), encoding: .utf8)
        #expect(kept.trimmingCharacters(in: .newlines) == OpenAPIDocument.json)
        try await APITest().run { client in
            let served = try await client.send(.get, "/api/v1/openapi.json")
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "application/json")
            #expect(served.text == OpenAPIDocument.json)
        }
    }

    @Test("every documented operation is routed, and every route is documented")
    func routerAgrees() throws {
        let document = try Self.document()
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented: Set<String> = []
        for (path, item) in paths {
            for method in Self.methods where item[method] != nil { documented.insert("\(method.uppercased()) \(path)") }
        }
        let routed = Set(try APITest().server.router().routes.map { "\($0.method) \($0.path)" })
        #expect(routed.subtracting(documented).sorted() == [], "routes missing from docs/openapi.json")
        #expect(documented.subtracting(routed).sorted() == [], "documented operations the router lacks")
        #expect(routed.contains("POST /api/v1/users") && routed.contains("GET /api/v1/leagues/{id}/table"))
    }

    @Test("every operation has an id, a summary, a success response and problems as its default")
    func operationsAreComplete() throws {
        let document = try Self.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
        /// A parameter, or the shared one its `$ref` names.
        func resolved(_ parameter: [String: Any]) -> [String: Any] {
            guard let reference = parameter["$ref"] as? String else { return parameter }
            let name = String(reference.dropFirst("#/components/parameters/".count))
            #expect(shared[name] != nil, "\(reference) names no shared parameter")
            return shared[name] ?? [:]
        }
        var ids: Set<String> = []
        for (path, item) in paths {
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any] else { continue }
                let name = "\(method.uppercased()) \(path)"
                let id = operation["operationId"] as? String
                #expect(id != nil, "\(name) has no operationId")
                if let id { #expect(ids.insert(id).inserted, "\(name): operationId \(id) is used twice") }
                #expect(operation["summary"] is String, "\(name) has no summary")
                let responses = operation["responses"] as? [String: Any] ?? [:]
                // A web page's form succeeds with a redirect (303 See Other); an API operation with a
                // 2xx, or, upgrading to a WebSocket, 101 Switching Protocols.
                let successes = path.hasPrefix("/api/") ? ["2", "101"] : ["2", "3"]
                #expect(responses.keys.contains { key in successes.contains { key.hasPrefix($0) } }, "\(name) has no success response")
                let problem = (responses["default"] as? [String: Any])?["content"] as? [String: Any]
                #expect(problem?["application/problem+json"] != nil, "\(name) does not document its problems")
                let parameters = (operation["parameters"] as? [[String: Any]] ?? []).map(resolved)
                for parameter in parameters where parameter["in"] as? String == "path" {
                    let placeholder = "{\(parameter["name"] as? String ?? "")}"
                    #expect(path.contains(placeholder), "\(name): path parameter \(placeholder) is not in the path")
                }
                // Every placeholder of the path is a documented parameter.
                for placeholder in path.split(separator: "{").dropFirst().compactMap({ $0.split(separator: "}").first }) {
                    #expect(parameters.contains { $0["in"] as? String == "path" && $0["name"] as? String == String(placeholder) },
                            "\(name): {\(placeholder)} is not documented")
                }
            }
        }
    }
}
