public import Foundation

/// A constraint that reads no element (`ENGINE.md` §4.6); always active.
///
/// Its reference is the source **as the constraint starts** (or a function of it), fixed
/// for all its anchors: `AnonymConstraint(anchors: [.insets(10), .size(.width(0.5))])` on a
/// 400-wide source gives width 200, not 190 (CGLayout's model, kept).
public struct AnonymConstraint: LayoutConstraintProtocol {
    enum Storage {
        case anchors([LayoutAnchor], constrainRect: (@Sendable (CGRect) -> CGRect)?)
        case transform(@Sendable (CGRect) -> CGRect)
    }

    let storage: Storage

    /// Anchors applied against the starting source, or against `constrainRect(source)`.
    public init(anchors: [LayoutAnchor], constrainRect: (@Sendable (CGRect) -> CGRect)? = nil) {
        storage = .anchors(anchors, constrainRect: constrainRect)
    }

    /// Replaces the source by `transform(source)`.
    public init(transform: @escaping @Sendable (CGRect) -> CGRect) {
        storage = .transform(transform)
    }

    public var isActive: Bool { true }

    public func compile(into compiler: inout LayoutCompiler) {
        switch storage {
        case .anchors(let anchors, let constrainRect):
            compiler.addAnonymConstraint(anchors: anchors, constrainRect: constrainRect)
        case .transform(let transform):
            compiler.addTransformConstraint(transform)
        }
    }
}
