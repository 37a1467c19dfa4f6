import CGLayout

/// A variant (`docs/format.md` §1.3): blocks that replace base blocks when every
/// condition holds for the environment.
struct VariantSpec: Sendable {
    var conditions: VariantConditions
    var blocks: [BlockSpec]
    var pointer: JSONPointer
}

/// The conditions of a variant; `nil` means "any".
struct VariantConditions: Sendable, Hashable {
    var orientation: Orientation?
    var horizontalSizeClass: SizeClass?
    var verticalSizeClass: SizeClass?
    var direction: LayoutDirection?
    var minWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var maxHeight: Double?
    var profiles: [String]?

    /// Whether every condition holds for `environment`.
    func hold(for environment: LayoutEnvironment) -> Bool {
        if let orientation, orientation != environment.orientation { return false }
        if let horizontalSizeClass, horizontalSizeClass != environment.horizontalSizeClass { return false }
        if let verticalSizeClass, verticalSizeClass != environment.verticalSizeClass { return false }
        if let direction, direction != environment.direction { return false }
        if let minWidth, environment.width < minWidth { return false }
        if let maxWidth, environment.width > maxWidth { return false }
        if let minHeight, environment.height < minHeight { return false }
        if let maxHeight, environment.height > maxHeight { return false }
        if let profiles {
            guard let profile = environment.profile, profiles.contains(profile) else { return false }
        }
        return true
    }
}
