public import Foundation

/// Anything that has a frame in its super element's space: a view, a layer, a layout guide,
/// a widget of your own toolkit (`ENGINE.md` §0, §12).
///
/// The engine assumes what UIKit views and CGLayout guides do: assigning `frame` keeps
/// `bounds.size` equal to `frame.size`, and `bounds.origin` (a scroll offset for the
/// element's children) changes only when you set it. Snapshots capture `bounds.origin`,
/// `layoutBoundsRule`, content sizing and the hierarchy when a scheme is compiled, so that
/// they can run without touching the element.
public protocol LayoutElement: AnyObject {
    /// The element's rect in its super element's internal space.
    var frame: CGRect { get set }
    /// The element's own internal space; its origin behaves like a scroll offset.
    var bounds: CGRect { get set }
    /// The element whose internal space `frame` is expressed in; `nil` for a root.
    var superElement: (any LayoutElement)? { get }
    /// How the rect the element offers to its content derives from its frame.
    var layoutBoundsRule: LayoutBoundsRule { get }
}

extension LayoutElement {
    /// The rect the element offers to its content, in the space `layoutBoundsRule` names
    /// (for views their own space, where it equals `bounds`; for guides their owner's).
    public var layoutBounds: CGRect {
        layoutBoundsRule.layoutBounds(forFrame: frame, boundsOrigin: bounds.origin)
    }

    /// The element's super element chain, nearest first, stopping where a chain of
    /// `superElement` links closes on itself (a cycle is cut there, never followed forever).
    var ancestors: [any LayoutElement] {
        var result: [any LayoutElement] = []
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var next = superElement
        while let element = next, seen.insert(ObjectIdentifier(element)).inserted {
            result.append(element)
            next = element.superElement
        }
        return result
    }

    /// The offset from this element's internal space to the shared global space: the sum of
    /// `frame.origin − bounds.origin` over the element and all its ancestors (§4.2).
    var offsetToGlobalSpace: CGPoint {
        var offset = CGPoint(x: frame.origin.x - bounds.origin.x, y: frame.origin.y - bounds.origin.y)
        for element in ancestors {
            offset.x += element.frame.origin.x - element.bounds.origin.x
            offset.y += element.frame.origin.y - element.bounds.origin.y
        }
        return offset
    }

    /// Converts a point from this element's internal space to `element`'s internal space
    /// (to the global space when `element` is `nil`).
    ///
    /// Every element shares one coordinate space: conversion goes up to the global space and
    /// back down, using the live frames of both chains; elements of unrelated trees convert
    /// as if their roots shared one space.
    public func convert(_ point: CGPoint, to element: (any LayoutElement)?) -> CGPoint {
        let up = offsetToGlobalSpace
        let down = element?.offsetToGlobalSpace ?? .zero
        return CGPoint(x: point.x + up.x - down.x, y: point.y + up.y - down.y)
    }

    /// Converts a point from `element`'s internal space (the global space when `nil`) to
    /// this element's.
    public func convert(_ point: CGPoint, from element: (any LayoutElement)?) -> CGPoint {
        let up = element?.offsetToGlobalSpace ?? .zero
        let down = offsetToGlobalSpace
        return CGPoint(x: point.x + up.x - down.x, y: point.y + up.y - down.y)
    }

    /// Converts a rect from this element's internal space to `element`'s; only the origin changes.
    public func convert(_ rect: CGRect, to element: (any LayoutElement)?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: element), size: rect.size)
    }

    /// Converts a rect from `element`'s internal space to this element's; only the origin changes.
    public func convert(_ rect: CGRect, from element: (any LayoutElement)?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: element), size: rect.size)
    }
}

/// An element that can measure its content: `sizeThatFits(_:)`, used by
/// `AdjustLayoutConstraint` and `equalIntrinsicSize` (`ENGINE.md` §4.5).
public protocol AdaptiveLayoutElement: LayoutElement {
    /// How the element measures its content. A value, so that snapshots can measure
    /// without touching the element.
    var contentSizing: ContentSizing { get }
}

extension AdaptiveLayoutElement {
    /// The size the element's content wants when offered `size`.
    public func sizeThatFits(_ size: CGSize) -> CGSize {
        contentSizing.sizeThatFits(size, currentSize: frame.size)
    }
}

/// An element that presents text and so has a first baseline (`ENGINE.md` §4.7).
public protocol TextPresentedElement: LayoutElement {
    /// Distance from the element's top to its first baseline.
    var baselineOffset: CGFloat { get }
}

extension TextPresentedElement {
    /// The zero-height rect on the first baseline, in the super element's space: what
    /// baseline constraints compare against.
    public var baselineRect: CGRect {
        CGRect(x: frame.origin.x, y: frame.origin.y + baselineOffset, width: frame.size.width, height: 0)
    }
}
