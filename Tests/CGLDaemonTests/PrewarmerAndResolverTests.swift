@testable import CGLDaemon
import CGLDocument
import CGLWire
import CGLayout
import Synchronization
import Testing

/// The prewarmer and the environment resolver, without a socket.
@Suite struct PrewarmerTests {
    @Test func aPrewarmComputesWhatIsMissingAndFindsItStoredTheSecondTime() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell", "toolbar"]) { fixture in
            let environments = try fixture.resolver.prewarmEnvironments(profileNames: ["phone-portrait", "tablet-landscape"])
            #expect(environments.count == 4)
            let job = Prewarmer.Job(schemes: fixture.registry.all(), environments: environments)
            let events = Mutex<[WirePrewarmProgress]>([])
            let first = await fixture.prewarmer.run(job, progress: { event in events.withLock { $0.append(event) } }, shouldStop: { false })
            #expect(first.computed == 8 && first.alreadyCached == 0 && first.failed == 0)
            // One event per scheme, after it; done counts up to the total.
            let heard = events.withLock { $0 }
            #expect(heard.map(\.done) == [4, 8] && heard.allSatisfy { $0.total == 8 })
            #expect(Set(heard.map(\.scheme)) == ["feed-cell", "toolbar"])
            let second = await fixture.prewarmer.run(job, progress: { _ in }, shouldStop: { false })
            #expect(second.computed == 0 && second.alreadyCached == 8)
            #expect(fixture.counters.computations.load(ordering: .relaxed) == 8)
        }
    }

    @Test func aStoppedPrewarmBeginsNothing() async throws {
        try await RequestPathFixture.with(schemes: ["feed-cell"]) { fixture in
            let job = Prewarmer.Job(schemes: fixture.registry.all(), environments: try fixture.resolver.prewarmEnvironments(profileNames: []))
            let summary = await fixture.prewarmer.run(job, progress: { _ in }, shouldStop: { true })
            #expect(summary.computed == 0 && summary.alreadyCached == 0)
            #expect(fixture.counters.computations.load(ordering: .relaxed) == 0)
        }
    }
}

@Suite struct EnvironmentResolverTests {
    private let resolver = EnvironmentResolver(profiles: .defaults, prewarmDirections: [.profile, .leftToRight, .rightToLeft])

    @Test func aProfileResolvesToItsValuesInTheDirectionAsked() throws {
        let own = try resolver.environment(for: .profile("tablet-landscape"))
        #expect(own.environment == ProfileSet.defaults["tablet-landscape"])
        let rtl = try resolver.environment(for: .profile("tablet-landscape", direction: .rightToLeft))
        #expect(rtl.environment.direction == .rightToLeft && rtl.environment.width == own.environment.width)
        #expect(rtl.key != own.key)
        #expect(try resolver.environment(for: .profile("tablet-landscape", direction: .leftToRight)).key == own.key)
    }

    @Test func unknownProfilesAndValuesOutOfRangeAreRefusedByName() {
        #expect { try resolver.environment(for: .profile("phone-portrat")) } throws: { error in
            (error as? EnvironmentRefusal)?.message.contains("'phone-portrat'") == true
                && (error as? EnvironmentRefusal)?.message.contains("phone-portrait") == true
        }
        for values in [WireEnvironmentRequest.Explicit(width: 0, height: 10), .init(width: 10, height: .nan), .init(width: 10, height: 10, scale: 11)] {
            #expect(throws: EnvironmentRefusal.self) { try resolver.environment(for: .explicit(values)) }
        }
        #expect(throws: EnvironmentRefusal.self) { try resolver.prewarmEnvironments(profileNames: ["phone-portrait", "nope"]) }
    }

    /// A profile whose own direction is left-to-right is not prewarmed twice.
    @Test func prewarmEnvironmentsAreEachProfileInEachDirectionOnce() throws {
        let environments = try resolver.prewarmEnvironments(profileNames: [])
        #expect(environments.count == ProfileSet.defaults.profiles.count * 2)
        #expect(Set(environments.map(\.key)).count == environments.count)
        let named = try resolver.prewarmEnvironments(profileNames: ["phone-portrait", "phone-portrait"])
        #expect(named.map(\.environment.direction) == [.leftToRight, .rightToLeft])
    }
}
