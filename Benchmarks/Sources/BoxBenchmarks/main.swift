import Foundation

/// `BoxBenchmarks feed-card` | `BoxBenchmarks tree NAME TREE.json [PEERS.json]` |
/// `BoxBenchmarks profile first|relayout TREE.json [SECONDS]`: the feed card target; one tree
/// of `Benchmarks/boxes/trees.py` against the peers' figures (run through
/// `Benchmarks/run-boxes`, which writes both files); or a loop of one tree's layouts to profile.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "feed-card":
    feedCard()
case "tree" where arguments.count >= 3:
    do {
        let tree = try NeutralTree(contentsOf: arguments[2])
        var peers: [String: Any]?
        if arguments.count >= 4, let data = FileManager.default.contents(atPath: arguments[3]) {
            peers = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        }
        treeBenchmark(name: arguments[1], tree: tree, peers: peers)
    } catch {
        FileHandle.standardError.write("cannot read \(arguments[2]): \(error)\n".data(using: .utf8)!)
        exit(1)
    }
case "profile" where arguments.count >= 3:
    // BoxBenchmarks profile first|relayout TREE.json [SECONDS]
    guard let tree = try? NeutralTree(contentsOf: arguments[2]) else { exit(1) }
    profile(tree: tree, mode: arguments[1], seconds: arguments.count >= 4 ? Double(arguments[3]) ?? 10 : 10)
default:
    FileHandle.standardError.write("usage: BoxBenchmarks feed-card | BoxBenchmarks tree NAME TREE.json [PEERS.json] | BoxBenchmarks profile first|relayout TREE.json [SECONDS]\n".data(using: .utf8)!)
    exit(2)
}
