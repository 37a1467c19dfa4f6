import CGLClient
@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import Foundation
import Testing

/// `/metrics`: served over HTTP on a Unix socket, in Prometheus's text format, its counters
/// moving with the lookups.
@Suite struct MetricsTests {
    /// One HTTP exchange on the Unix socket at `path`; the status line and the body.
    func get(_ target: String, from path: String, method: String = "GET") throws -> (status: String, body: String) {
        let connection = try RawConnection(path: path)
        try connection.send(Array("\(method) \(target) HTTP/1.1\r\nHost: cgld\r\nConnection: close\r\n\r\n".utf8))
        let response = String(decoding: try connection.readUntilClosed(), as: UTF8.self)
        let parts = response.components(separatedBy: "\r\n\r\n")
        return (parts[0].components(separatedBy: "\r\n")[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// The value of the sample `name` (with its labels, as printed), or nil.
    func sample(_ name: String, in body: String) -> Double? {
        for line in body.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    @Test func countersMoveWithLookups() async throws {
        let folder = try makeTemporaryFolder()
        let metricsPath = folder + "/metrics.sock"
        try await withTestDaemon(folder: folder, schemes: ["feed-cell"], configure: { $0.metricsAddress = .unixSocket(path: metricsPath) }) { daemon in
            // Blocking sockets and the client's blocking calls off the cooperative pool: the
            // daemon in this process needs it to compute a miss, and a test holding its threads
            // while waiting for that answer stalls every test for as long as its timeout.
            try await blocking {
                let before = try get("/metrics", from: metricsPath)
                #expect(before.status == "HTTP/1.1 200 OK")
                #expect(sample(#"cgld_lookups_total{source="memory",result="snapshot"}"#, in: before.body) ?? 0 == 0)
                #expect(sample("cgld_schemes", in: before.body) == 1)
                #expect(!before.body.contains("cgld_registry_"), "a single host has no shared registry")

                let client = daemon.client()
                _ = try client.lookup("feed-cell", in: .profile("phone-portrait"))  // computed
                for _ in 0..<5 { _ = try client.lookup("feed-cell", in: .profile("phone-portrait")) }  // from memory
                #expect(throws: CGLClientError.self) { try client.lookup("feed-cel", in: .profile("phone-portrait")) }

                let after = try get("/metrics", from: metricsPath).body
                #expect(sample(#"cgld_lookups_total{source="computed",result="snapshot"}"#, in: after) == 1)
                #expect(sample(#"cgld_lookups_total{source="memory",result="snapshot"}"#, in: after) == 5)
                #expect(sample(#"cgld_lookups_total{source="none",result="error"}"#, in: after) == 1)
                #expect(sample("cgld_snapshots_computed_total", in: after) == 1)
                #expect(sample("cgld_compute_duration_seconds_count", in: after) == 1)
                #expect((sample("cgld_hot_cache_bytes", in: after) ?? 0) > 0)
                #expect(sample("cgld_hot_cache_limit_bytes", in: after) == Double(daemon.configuration.cacheMemoryBytes))
                #expect(after.contains("# TYPE cgld_lookups_total counter"))
                #expect(after.contains("# TYPE cgld_compute_duration_seconds histogram"))
                // A second scrape adds nothing that did not happen.
                let again = try get("/metrics", from: metricsPath).body
                #expect(sample(#"cgld_lookups_total{source="memory",result="snapshot"}"#, in: again) == 5)
                // A page kept by the client goes by reference the second time.
                let page = [Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text("Named by its reference the second time.")])]
                for _ in 0..<2 { _ = try client.lookup(page).map { try $0.get() } }
                let referenced = try get("/metrics", from: metricsPath).body
                #expect(sample(#"cgld_lookup_references_total{result="known"}"#, in: referenced) == 1)
                #expect(sample(#"cgld_lookup_references_total{result="unknown"}"#, in: referenced) ?? 0 == 0)

                #expect(try get("/other", from: metricsPath).status == "HTTP/1.1 404 Not Found")
                #expect(try get("/metrics", from: metricsPath, method: "POST").status == "HTTP/1.1 405 Method Not Allowed")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: metricsPath), "the metrics socket goes with the daemon")
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test(arguments: [
        ("127.0.0.1:9464", MetricsAddress.tcp(host: "127.0.0.1", port: 9464)),
        ("[::1]:9100", MetricsAddress.tcp(host: "::1", port: 9100)),
        ("localhost:80", MetricsAddress.tcp(host: "localhost", port: 80)),
        ("unix:/run/cgld/metrics.sock", MetricsAddress.unixSocket(path: "/run/cgld/metrics.sock")),
        ("/run/cgld/metrics.sock", MetricsAddress.unixSocket(path: "/run/cgld/metrics.sock")),
    ])
    func addressesParse(text: String, address: MetricsAddress) throws {
        #expect(try MetricsAddress(text) == address)
    }

    @Test(arguments: [
        ("0.0.0.0:9464", "not a loopback address"),
        ("10.1.2.3:9464", "not a loopback address"),
        ("127.0.0.1", "no port"),
        ("127.0.0.1:http", "not a number"),
        ("unix:metrics.sock", "must be absolute"),
    ])
    func badAddressesAreNamed(text: String, problem: String) {
        let error = #expect(throws: DaemonError.self) { try MetricsAddress(text) }
        #expect(error?.message.contains("metrics.address") == true && error?.message.contains(problem) == true, "\(String(describing: error))")
    }
}
