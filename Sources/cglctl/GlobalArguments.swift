/// The options many subcommands share, which `cglctl` also takes before the subcommand,
/// as `redis-cli -s PATH` and `git -C DIR` do: `cglctl --socket PATH ping` is
/// `cglctl ping --socket PATH`.
enum GlobalArguments {
    /// Options that take a value, as written before a subcommand.
    static let valued: Set<String> = ["--socket", "--format", "--profiles"]

    /// `arguments` (without the program name) with the global options that come before the
    /// subcommand moved to just after it; anything else is left as it is, so that
    /// ArgumentParser reports what is wrong (an option the subcommand does not take, a
    /// missing value) in its own words.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard valued.contains(name) else { break }
            if argument.contains("=") {
                leading.append(argument)
                index += 1
            } else {
                guard index + 1 < arguments.count else { break }
                leading += arguments[index ... index + 1]
                index += 2
            }
        }
        // No subcommand after them (`cglctl --socket s`): leave it for the parser to explain.
        guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }
}
