public import CGLWire
public import CGLayout
import CGLBridge
import Foundation

extension WireSnapshot {
    /// Assigns each element's frame to the caller's element bound to its id.
    ///
    /// Frames are relative to each element's parent, which is what `LayoutElement.frame`
    /// holds when the caller's hierarchy mirrors the scheme's.
    ///
    /// - Parameter elements: The caller's elements by scheme element id; ids left out are
    ///   skipped.
    /// - Returns: The bound ids the snapshot has no element for (a binding that does not
    ///   match the scheme), sorted; empty when every bound element was laid out.
    @discardableResult
    public func apply(to elements: [String: any LayoutElement]) -> [String] {
        var unmatched = Set(elements.keys)
        for element in self.elements {
            guard let target = elements[element.id] else { continue }
            target.frame = CGRect(element.frame)
            unmatched.remove(element.id)
        }
        return unmatched.sorted()
    }
}
