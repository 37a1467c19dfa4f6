import CGLayout
import CGLBridge
import CGLDocument
import CGLWire

/// Turns the environment a request names into the one to lay out: a configured profile, or
/// explicit values checked against the ranges of the protocol.
struct EnvironmentResolver: Sendable {
    let profiles: ProfileSet
    let prewarmDirections: [DaemonConfiguration.PrewarmDirection]

    /// The environment of a lookup.
    ///
    /// - Throws: `RequestError` `invalidEnvironment` for an unknown profile or values that
    ///   cannot be laid out, naming the value.
    func environment(for request: WireEnvironmentRequest) throws(RequestError) -> LayoutEnvironment {
        switch request {
        case .profile(let name, let direction):
            var environment = try profile(named: name)
            if let direction { environment.direction = LayoutDirection(direction) }
            return environment
        case .explicit(let values):
            let environment = LayoutEnvironment(values)
            do {
                try environment.validate()
            } catch {
                throw RequestError(.invalidEnvironment, "invalid environment: \(error.message)")
            }
            return environment
        }
    }

    /// The profile called `name`.
    func profile(named name: String) throws(RequestError) -> LayoutEnvironment {
        guard let environment = profiles[name] else {
            throw RequestError(.invalidEnvironment, "no profile is called '\(name)'; \(hint(for: name, among: profiles.names))")
        }
        return environment
    }

    /// The environments a prewarm covers: the profiles named (every profile when none is),
    /// each in every configured direction.
    ///
    /// - Throws: `RequestError` `invalidEnvironment` naming the first unknown profile.
    func prewarmEnvironments(profileNames: [String]) throws(RequestError) -> [LayoutEnvironment] {
        var chosen: [LayoutEnvironment] = []
        if profileNames.isEmpty {
            chosen = profiles.profiles
        } else {
            for name in profileNames where !chosen.contains(where: { $0.profile == name }) {
                chosen.append(try profile(named: name))
            }
        }
        return chosen.flatMap { profile in
            var seen: Set<LayoutEnvironment> = []
            return prewarmDirections.compactMap { direction -> LayoutEnvironment? in
                var environment = profile
                switch direction {
                case .profile: break
                case .leftToRight: environment.direction = .leftToRight
                case .rightToLeft: environment.direction = .rightToLeft
                }
                return seen.insert(environment).inserted ? environment : nil
            }
        }
    }
}
