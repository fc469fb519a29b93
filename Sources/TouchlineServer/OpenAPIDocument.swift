/// The OpenAPI 3.1 document of the API, served at `/api/v1/openapi.json`; `docs/openapi.json`
/// in the repository is the same text (a test holds them, and the router, together).
enum OpenAPIDocument {
    static let json = """
        {"openapi":"3.1.0","info":{"title":"Touchline","version":"1"},"paths":{}}
        """
}
