import CGLFleet
import Testing

/// `registry.url` in libpq's URI forms, and the errors that say what is wrong.
@Suite struct RegistryConnectionTests {
    @Test func aHostAndPort() throws {
        let connection = try RegistryConnection(url: "postgres://cgld@db.internal:6543/cglayout?sslmode=require")
        #expect(connection.endpoint == .tcp(host: "db.internal", port: 6543))
        #expect(connection.username == "cgld" && connection.database == "cglayout" && connection.tls == .require && connection.password == nil)
        #expect(try RegistryConnection(url: "postgresql://cgld@db/cglayout").endpoint == .tcp(host: "db", port: 5432))
        #expect(try RegistryConnection(url: "postgresql://cgld@db/cglayout").tls == .prefer)
    }

    @Test func aUnixSocketDirectory() throws {
        let connection = try RegistryConnection(url: "postgres://cgld@/cglayout?host=/run/postgresql")
        #expect(connection.endpoint == .unixSocket(path: "/run/postgresql/.s.PGSQL.5432"))
        #expect(try RegistryConnection(url: "postgres://cgld@/cglayout?host=/tmp/pg/&port=5499").endpoint == .unixSocket(path: "/tmp/pg/.s.PGSQL.5499"))
        #expect(connection.description == "postgres://cgld@/cglayout?host=/run/postgresql")
    }

    /// A password from the file or the environment wins over one in the URL, and none is
    /// ever shown.
    @Test func thePasswordIsNeverShown() throws {
        let inURL = try RegistryConnection(url: "postgres://cgld:s3cret@db:5432/cglayout")
        #expect(inURL.password == "s3cret")
        #expect(!inURL.description.contains("s3cret"))
        #expect(try RegistryConnection(url: "postgres://cgld:s3cret@db:5432/cglayout", password: "fromfile").password == "fromfile")
        let error = #expect(throws: FleetError.self) { try RegistryConnection(url: "postgres://cgld:s3cret@db:99999/cglayout") }
        #expect(error?.code == .invalidURL)
        #expect(error?.message.contains("s3cret") == false)
        #expect(error?.message.contains("***") == true)
    }

    @Test(arguments: [
        ("mysql://cgld@db/cglayout", "not postgres"),
        ("postgres://db:5432/cglayout", "no user name"),
        ("postgres://cgld@db:5432", "no database name"),
        ("postgres://cgld@/cglayout", "no host"),
        ("postgres://cgld@db/cglayout?sslmode=verify-full", "sslmode 'verify-full'"),
        ("postgres://cgld@db/cglayout?application_name=x", "'application_name' is not supported"),
        ("postgres://cgld@/cglayout?host=/run/postgresql&port=abc", "'abc' is not a number"),
    ])
    func mistakesAreNamed(url: String, problem: String) {
        let error = #expect(throws: FleetError.self) { try RegistryConnection(url: url) }
        #expect(error?.code == .invalidURL)
        #expect(error?.message.contains(problem) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("expected postgres://") == true)
    }
}
