import CGLTestSupport
import Foundation
import Testing

/// The Node client's tests (`clients/node/test/*.test.js`, `node --test`), run against the `cgld`
/// and `cglctl` built with this test bundle, so that `swift test` (the README's test command,
/// and CI) runs them. They start daemons of their own in temporary folders.
///
/// Needs `node` 18.17 or later (Debian's `nodejs`): without it this test fails, saying so; it is
/// never skipped. The client has no dependency: nothing is installed from npm.
@Suite struct NodeClientTests {
    @Test func theNodeClientPassesItsTests() async throws {
        let environment = ProcessInfo.processInfo.environment.merging([
            "CGLD": productsDirectory.appendingPathComponent("cgld").path,
            "CGLCTL": productsDirectory.appendingPathComponent("cglctl").path,
        ]) { $1 }
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let directory = repositoryRoot.appendingPathComponent("clients/node")

        let probe = try await blocking {
            try runProcess(env, ["node", "-e", """
                const [major, minor] = process.versions.node.split('.').map(Number);
                if (major < 18 || (major === 18 && minor < 17)) { console.error(`node ${process.version} is too old`); process.exit(1); }
                """], directory: directory.path, environment: environment)
        }
        try #require(probe.status == 0, """
            node 18.17 or later is needed to test the Node client (clients/node): install nodejs \
            (scripts/deps.sh does). \(probe.stderr)
            """)

        // The test files, named: helpers under test/support are not tests (and Node 18 and 20
        // take no glob).
        let tests = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("test").path)
            .filter { $0.hasSuffix(".test.js") }.sorted().map { "test/\($0)" }
        try #require(!tests.isEmpty, "clients/node/test has no *.test.js file")

        let result = try await blocking {
            try runProcess(env, ["node", "--test", "--test-reporter=tap"] + tests,
                           directory: directory.path, environment: environment)
        }
        #expect(result.status == 0, "node --test (clients/node) failed:\n\(result.stdout)\n\(result.stderr)")
        // A run that ran nothing passes nothing: the TAP summary says how many passed.
        let counts = result.stdout.split(separator: "\n").compactMap { line -> (String, Int)? in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "#", let count = Int(words[2]) else { return nil }
            return (String(words[1]), count)
        }
        // The summary is the last of its lines.
        let summary = Dictionary(counts) { _, last in last }
        #expect((summary["pass"] ?? 0) > 0, "node --test ran no test:\n\(result.stdout)\n\(result.stderr)")
        for kind in ["fail", "skipped", "todo", "cancelled"] {
            #expect(summary[kind] == 0, "node --test reports \(kind) \(summary[kind].map { String($0) } ?? "nothing"):\n\(result.stdout)")
        }
    }
}
