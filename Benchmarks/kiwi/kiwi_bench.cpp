// The kiwi side of Benchmarks/run-solver: the same scenarios as SolverBenchmarks
// (Benchmarks/Sources/SolverBenchmarks/Scenarios.swift), adding the same constraints in
// the same order, timed the same way. Our own code; kiwi's headers are downloaded at run
// time by Benchmarks/run-solver and are not part of this repository.
//
// Usage: kiwi_bench NAME SAMPLES
// Prints one JSON object: {"name":…,"samples_ns":[…],"checksum":…}
#include <kiwi/kiwi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

using namespace kiwi;
using Clock = std::chrono::steady_clock;

namespace {

// (a) x[i] >= x[i-1] + 10 (required), x[i] == 20 i (weak): build, solve, read every value.
double chain(int count) {
    std::vector<Variable> x;
    x.reserve(count);
    for (int i = 0; i < count; ++i) x.emplace_back("x" + std::to_string(i));
    Solver solver;
    for (int i = 0; i < count; ++i) {
        if (i > 0) solver.addConstraint(x[i] >= x[i - 1] + 10);
        solver.addConstraint((x[i] == 20.0 * i) | strength::weak);
    }
    solver.updateVariables();
    double sum = 0;
    for (const auto& v : x) sum += v.value();
    return sum;
}

// Extra: x[i] >= 10, then x[i] == 20 (required). Each equality finds x[i] basic, so it
// can only enter through phase one (an artificial variable), with a positive constant.
double phaseOne(int count) {
    std::vector<Variable> x(count);
    Solver solver;
    for (int i = 0; i < count; ++i) solver.addConstraint(x[i] >= 10);
    for (int i = 0; i < count; ++i) solver.addConstraint(x[i] == 20);
    solver.updateVariables();
    double sum = 0;
    for (const auto& v : x) sum += v.value();
    return sum;
}

struct View {
    Variable left, width, right;
};

// (b), (c): rows of views laid out left to right; the container's width is an edit variable.
struct Layout {
    Solver solver;
    Variable container{"container"};
    std::vector<View> views;

    Layout(int rows, int columns, bool capped) {
        views.resize(static_cast<size_t>(rows) * columns);
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < columns; ++c) {
                View& v = views[static_cast<size_t>(r) * columns + c];
                solver.addConstraint(v.right == v.left + v.width);
                solver.addConstraint(v.width >= 20);
                if (c == 0) {
                    solver.addConstraint(v.left == 8);
                } else {
                    solver.addConstraint(v.left == views[static_cast<size_t>(r) * columns + c - 1].right + 8);
                }
                solver.addConstraint((v.width == 100) | strength::medium);
            }
            if (capped) solver.addConstraint(views[static_cast<size_t>(r) * columns + columns - 1].right + 8 <= container);
        }
        solver.addEditVariable(container, strength::strong);
    }

    // Every value once, as after building.
    double read() {
        solver.updateVariables();
        double checksum = container.value();
        for (const auto& v : views) checksum += v.right.value() - v.left.value();
        return checksum;
    }

    // 50 suggestions from 1000 down to 300, reading every frame after each; returns the
    // sum of all widths (the same for any optimal solution) plus the container's values.
    double edit() {
        double checksum = 0;
        for (int step = 0; step < 50; ++step) {
            solver.suggestValue(container, 1000.0 - step * (700.0 / 49.0));
            solver.updateVariables();
            for (const auto& v : views) checksum += v.right.value() - v.left.value();
            checksum += container.value();
        }
        return checksum;
    }
};

struct Result {
    std::vector<long long> samples;
    double checksum = 0;
};

// Runs `body` once untimed (warm-up), then `samples` timed times; `setup` is untimed.
template <typename Setup, typename Body>
Result measure(int samples, Setup setup, Body body) {
    Result result;
    { auto state = setup(); result.checksum = body(state); }
    for (int i = 0; i < samples; ++i) {
        auto state = setup();
        auto start = Clock::now();
        double value = body(state);
        auto elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
        if (value != result.checksum) result.checksum = value;  // keeps `value` alive
        result.samples.push_back(elapsed);
    }
    return result;
}

Result run(const std::string& name, int samples) {
    if (name.rfind("chain-", 0) == 0) {
        int count = std::atoi(name.c_str() + 6);
        return measure(samples, [] { return 0; }, [count](int) { return chain(count); });
    }
    if (name.rfind("phase-one-", 0) == 0) {
        int count = std::atoi(name.c_str() + 10);
        return measure(samples, [] { return 0; }, [count](int) { return phaseOne(count); });
    }
    if (name == "grid-50x10-build" || name == "row-500-build") {
        bool grid = name == "grid-50x10-build";
        return measure(samples, [] { return 0; }, [grid](int) {
            Layout layout(grid ? 50 : 1, grid ? 10 : 500, grid);
            return layout.read();
        });
    }
    if (name == "grid-50x10-edit" || name == "row-500-edit") {
        bool grid = name == "grid-50x10-edit";
        auto setup = [grid] { return std::make_unique<Layout>(grid ? 50 : 1, grid ? 10 : 500, grid); };
        return measure(samples, setup, [](std::unique_ptr<Layout>& layout) { return layout->edit(); });
    }
    std::fprintf(stderr, "unknown benchmark %s\n", name.c_str());
    std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: kiwi_bench NAME SAMPLES\n");
        return 2;
    }
    Result result = run(argv[1], std::atoi(argv[2]));
    std::printf("{\"name\":\"%s\",\"samples_ns\":[", argv[1]);
    for (size_t i = 0; i < result.samples.size(); ++i) std::printf("%s%lld", i ? "," : "", result.samples[i]);
    std::printf("],\"checksum\":%.17g}\n", result.checksum);
    return 0;
}
