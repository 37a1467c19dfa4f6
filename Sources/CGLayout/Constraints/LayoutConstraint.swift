/// A constraint against another element's frame (`ENGINE.md` §4.3), or against the
/// baseline of a text element (§4.7).
///
/// The reference rect is the element's frame converted from its super element's space
/// into the block's space, so elements anywhere in the hierarchy can be referenced. A
/// constraint to the block's own parent therefore sees the parent's bounds, and a
/// constraint to a root element uses its frame as is (CGLayout ignored roots silently:
/// "Our decisions" 2). The element is held weakly; once it is gone the constraint is inactive.
public struct LayoutConstraint: LayoutConstraintProtocol {
    enum Reference {
        case frame
        case baseline
    }

    /// The element whose frame is the reference.
    public private(set) weak var element: (any LayoutElement)?
    /// The anchors, applied in order against the same reference.
    public var anchors: [LayoutAnchor]
    let reference: Reference

    init(element: any LayoutElement, anchors: [LayoutAnchor], reference: Reference) {
        self.element = element
        self.anchors = anchors
        self.reference = reference
    }

    public var isActive: Bool { element != nil }

    public func compile(into compiler: inout LayoutCompiler) {
        guard let element else { return }
        switch reference {
        case .frame: compiler.addConstraint(frameOf: element, anchors: anchors)
        case .baseline: compiler.addConstraint(baselineOf: element, anchors: anchors)
        }
    }
}

/// A constraint against another element's layout bounds, the space it offers its content
/// (`ENGINE.md` §4.4): "lay out inside that element's content area".
///
/// The reference is converted from the space the element's layout bounds are expressed in:
/// its own for views, its owner's for layout guides (CGLayout converted guides from their own
/// space and counted their origin twice: `ENGINE.md` §13.9, fixed).
public struct ContentLayoutConstraint: LayoutConstraintProtocol {
    /// The element whose layout bounds are the reference.
    public private(set) weak var element: (any LayoutElement)?
    /// The anchors, applied in order against the same reference.
    public var anchors: [LayoutAnchor]

    init(element: any LayoutElement, anchors: [LayoutAnchor]) {
        self.element = element
        self.anchors = anchors
    }

    public var isActive: Bool { element != nil }

    public func compile(into compiler: inout LayoutCompiler) {
        guard let element else { return }
        compiler.addConstraint(layoutBoundsOf: element, anchors: anchors)
    }
}

extension LayoutElement {
    /// A constraint against this element's frame.
    public func layoutConstraint(for anchors: [LayoutAnchor]) -> LayoutConstraint {
        LayoutConstraint(element: self, anchors: anchors, reference: .frame)
    }

    /// A constraint against this element's layout bounds.
    public func contentLayoutConstraint(for anchors: [LayoutAnchor]) -> ContentLayoutConstraint {
        ContentLayoutConstraint(element: self, anchors: anchors)
    }
}

extension TextPresentedElement {
    /// A constraint against this element's first baseline: a zero-height rect at
    /// `(minX, minY + baselineOffset, width, 0)` in its super element's space.
    public func baselineLayoutConstraint(for anchors: [LayoutAnchor]) -> LayoutConstraint {
        LayoutConstraint(element: self, anchors: anchors, reference: .baseline)
    }
}
