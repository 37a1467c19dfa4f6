/// What a paragraph of runs is cached under: the runs themselves, as given. Building the
/// joined text and its key (fonts looked up, strings appended) costs more than hashing the
/// runs, so a paragraph of runs asked for again (a post laid out at another width, in
/// another snapshot) is found by its runs.
struct RunsKey: CacheKey {
    let runs: [TextRun]
    let style: TextStyle
    let direction: TextDirection
    let shardHash: Int

    init(_ runs: [TextRun], style: TextStyle, direction: TextDirection) {
        self.runs = runs
        self.style = style
        self.direction = direction
        var hasher = Hasher()
        hasher.combine(runs)
        hasher.combine(style)
        hasher.combine(direction)
        shardHash = hasher.finalize()
    }

    static func == (lhs: RunsKey, rhs: RunsKey) -> Bool {
        lhs.shardHash == rhs.shardHash && lhs.direction == rhs.direction && lhs.style == rhs.style && lhs.runs == rhs.runs
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(shardHash)
    }
}
