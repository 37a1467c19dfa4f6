/// A constraint of a `LayoutBlock`: reshapes the block's source rect against a reference
/// rect (`ENGINE.md` §4).
///
/// The library's constraints are `LayoutConstraint`, `ContentLayoutConstraint`,
/// `AdjustLayoutConstraint`, `AnonymConstraint` and `MutableLayoutConstraint`. To add a rule
/// of your own, use `LayoutAnchor.custom(_:)`; a type of yours may also conform by
/// forwarding `compile(into:)` to one of the library's constraints.
public protocol LayoutConstraintProtocol {
    /// Whether the constraint takes part in layouts; inactive constraints are skipped entirely.
    var isActive: Bool { get }

    /// Adds the constraint to the block being compiled.
    func compile(into compiler: inout LayoutCompiler)
}

extension LayoutConstraintProtocol {
    /// This constraint wrapped in a `MutableLayoutConstraint` with the given flag, so that it
    /// can be switched on and off later.
    public func active(_ isEnabled: Bool) -> MutableLayoutConstraint {
        MutableLayoutConstraint(self, isEnabled: isEnabled)
    }
}

/// A constraint that can be switched on and off after the block is built.
///
/// It is active only when its flag is on **and** the wrapped constraint is active. A
/// change takes effect at the next layout, snapshot or compile.
public final class MutableLayoutConstraint: LayoutConstraintProtocol {
    /// The wrapped constraint.
    public let base: any LayoutConstraintProtocol
    /// The switch.
    public var isEnabled: Bool { didSet { LayoutInvalidation.invalidateCompiledLayouts() } }

    /// Wraps `base` with a switch.
    public init(_ base: any LayoutConstraintProtocol, isEnabled: Bool = true) {
        self.base = base
        self.isEnabled = isEnabled
    }

    public var isActive: Bool { isEnabled && base.isActive }

    public func compile(into compiler: inout LayoutCompiler) {
        base.compile(into: &compiler)
    }
}
