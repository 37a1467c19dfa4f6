/// A scheme document of `count` elements chained by linear equations, the shape of issue
/// 18's document: per element, `e[i].left == e[i-1].right + 1`, `e[i].top == e[i-1].top +
/// 0.5`, `e[i].width == 0.5 * e[i-1].width + 5 ~ 750`, `e[i].height == e[i-1].height`,
/// `e[i].width >= 3`. Cheap to validate, and costly to compute when long (2 000 elements
/// take about 20 s in a debug build): the slow work of the tests that stop a daemon.
public func equationChainDocument(_ count: Int, name: String = "chain") -> String {
    var equations = ["e0.left == $safeArea.left", "e0.top == $safeArea.top", "e0.width == 0.25 * $root.width", "e0.height == 20"]
    for i in 1..<count {
        equations += ["e\(i).left == e\(i - 1).right + 1", "e\(i).top == e\(i - 1).top + 0.5",
                      "e\(i).width == 0.5 * e\(i - 1).width + 5 ~ 750", "e\(i).height == e\(i - 1).height", "e\(i).width >= 3"]
    }
    let elements = (0..<count).map { "{\"id\": \"e\($0)\", \"intrinsicSize\": [40, 20]}" }.joined(separator: ",")
    let list = equations.map { "\"\($0)\"" }.joined(separator: ",")
    return "{\"format\": \"cglayout/1\", \"name\": \"\(name)\", \"elements\": [\(elements)], \"blocks\": [{\"equations\": [\(list)]}]}"
}
