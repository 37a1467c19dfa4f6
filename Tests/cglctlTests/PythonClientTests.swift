import CGLTestSupport
import Foundation
import Testing

/// The Python client's tests (`clients/python/tests`, pytest), run against the `cgld` and
/// `cglctl` built with this test bundle, so that `swift test` (the README's test command, and
/// CI) runs them. They start daemons of their own in temporary folders.
///
/// Needs `python3` with pytest (Debian's `python3-pytest`, which `scripts/deps.sh` installs):
/// without it this test fails, saying so; it is never skipped.
@Suite struct PythonClientTests {
    @Test func thePythonClientPassesItsTests() async throws {
        let environment = ProcessInfo.processInfo.environment.merging([
            "CGLD": productsDirectory.appendingPathComponent("cgld").path,
            "CGLCTL": productsDirectory.appendingPathComponent("cglctl").path,
            // Nothing written into the source tree: no bytecode, no pytest cache.
            "PYTHONDONTWRITEBYTECODE": "1",
        ]) { $1 }
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let root = repositoryRoot.path

        let probe = try await blocking {
            try runProcess(env, ["python3", "-c", "import pytest"], directory: root, environment: environment)
        }
        try #require(probe.status == 0, """
            python3 with pytest is needed to test the Python client (clients/python): install python3-pytest \
            (scripts/deps.sh does). \(probe.stderr)
            """)

        let result = try await blocking {
            try runProcess(env, ["python3", "-m", "pytest", "clients/python/tests", "-q", "-p", "no:cacheprovider"],
                           directory: root, environment: environment)
        }
        #expect(result.status == 0, "pytest clients/python/tests failed:\n\(result.stdout)\n\(result.stderr)")
        // A run that collected nothing passes nothing: pytest says how many passed.
        #expect(result.stdout.contains(" passed"), "pytest ran no test:\n\(result.stdout)\n\(result.stderr)")
        #expect(!result.stdout.contains(" skipped"), "pytest skipped tests:\n\(result.stdout)")
    }
}
