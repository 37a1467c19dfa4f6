import CGLayout
import CGLBridge
import CGLDocument
import CGLWire

/// Turns the environment a request names into the one to lay out: a configured profile, or
/// explicit values checked against the ranges of the protocol.
struct EnvironmentResolver: Sendable {
    let profiles: ProfileSet
    let prewarmDirections: [DaemonConfiguration.PrewarmDirection]
    /// Each profile as configured, left-to-right and right-to-left.
    private let resolvedProfiles: [String: ResolvedProfile]

    /// A profile's three environments, in a class so that a lookup copies out only the one
    /// it names.
    private final class ResolvedProfile: Sendable {
        let own: ResolvedEnvironment
        let ltr: ResolvedEnvironment
        let rtl: ResolvedEnvironment

        init(_ profile: LayoutEnvironment) {
            var ltr = profile, rtl = profile
            ltr.direction = .leftToRight
            rtl.direction = .rightToLeft
            own = ResolvedEnvironment(profile)
            self.ltr = ResolvedEnvironment(ltr)
            self.rtl = ResolvedEnvironment(rtl)
        }
    }

    init(profiles: ProfileSet, prewarmDirections: [DaemonConfiguration.PrewarmDirection]) {
        self.profiles = profiles
        self.prewarmDirections = prewarmDirections
        var resolved: [String: ResolvedProfile] = [:]
        for profile in profiles.profiles {
            guard let name = profile.profile, resolved[name] == nil else { continue }
            resolved[name] = ResolvedProfile(profile)
        }
        resolvedProfiles = resolved
    }

    /// The environment of a lookup.
    ///
    /// - Throws: ``EnvironmentRefusal`` for an unknown profile or values that cannot be laid
    ///   out, naming the value.
    func environment(for request: WireEnvironmentRequest) throws(EnvironmentRefusal) -> ResolvedEnvironment {
        switch request {
        case .profile(let name, let direction):
            guard let profile = resolvedProfiles[name] else { throw unknownProfile(name) }
            switch direction {
            case nil: return profile.own
            case .leftToRight?: return profile.ltr
            case .rightToLeft?: return profile.rtl
            }
        case .explicit(let values):
            let environment = LayoutEnvironment(values)
            do {
                try environment.validate()
            } catch {
                throw EnvironmentRefusal(code: "invalidEnvironment", pointer: error.pointer, message: "invalid environment: \(error.message)")
            }
            return ResolvedEnvironment(environment)
        }
    }

    /// The environment of a lookup with its text scale: `textScale` replaces the profile's
    /// (or the explicit values' 1) when given.
    ///
    /// - Throws: ``EnvironmentRefusal`` as ``environment(for:)``, or for a text scale out of
    ///   range.
    func environment(for request: WireEnvironmentRequest, textScale: Double?) throws(EnvironmentRefusal) -> ResolvedEnvironment {
        let resolved = try environment(for: request)
        guard let textScale, textScale != resolved.environment.textScale else { return resolved }
        var scaled = resolved.environment
        scaled.textScale = textScale
        do {
            try scaled.validate()
        } catch {
            throw EnvironmentRefusal(code: "invalidEnvironment", pointer: error.pointer, message: "invalid environment: \(error.message)")
        }
        return ResolvedEnvironment(scaled)
    }

    /// The profile called `name`.
    func profile(named name: String) throws(EnvironmentRefusal) -> LayoutEnvironment {
        guard let environment = profiles[name] else { throw unknownProfile(name) }
        return environment
    }

    private func unknownProfile(_ name: String) -> EnvironmentRefusal {
        EnvironmentRefusal(code: "unknownProfile", pointer: "/profile", message: "no profile is called '\(quoted(name))'; \(hint(for: name, among: profiles.names))")
    }

    /// The environments a prewarm covers: the profiles named (every profile when none is),
    /// each in every configured direction.
    ///
    /// - Throws: ``EnvironmentRefusal`` naming the first unknown profile.
    func prewarmEnvironments(profileNames: [String]) throws(EnvironmentRefusal) -> [ResolvedEnvironment] {
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
        }.map(ResolvedEnvironment.init)
    }
}

/// An environment a request names that cannot be laid out: an unknown profile, or values
/// out of range. The message names the value.
struct EnvironmentRefusal: Error, Sendable {
    /// Why, as a stable issue code: `unknownProfile` or `invalidEnvironment` (values that
    /// cannot be laid out, such as a zero width).
    var code: String
    /// What the request got wrong, as a JSON pointer into it (`/profile`, `/width`).
    var pointer: String
    var message: String
}

/// A name a client sent, for a message: whole when it is of a sensible length, else its
/// start (an unknown name may be megabytes long, and messages must stay small).
func quoted(_ name: String) -> String {
    guard name.utf8.count > 200 else { return name }
    return String(decoding: name.utf8.prefix(100), as: UTF8.self) + "… (\(name.utf8.count) bytes)"
}
