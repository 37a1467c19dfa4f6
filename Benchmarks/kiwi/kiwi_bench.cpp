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

// Issue 18's chain, as that issue gave it to kiwi: e[i].left == e[i-1].right + 1,
// e[i].top == e[i-1].top + 0.5, e[i].width == 0.5 e[i-1].width + 5 (priority 750),
// e[i].height == e[i-1].height, e[i].width >= 3; every frame read.
struct Frame {
    Variable x, y, width, height;
};

// The strengths of our priorities (Cassowary's PriorityScale): 250 → 1, 750 → 1e6.
const double priority750 = 1e6;
const double pinned = strength::required - 1;

void chainEquations(Solver& solver, const std::vector<Frame>& e, const Frame* root, const Frame* safeArea) {
    const Frame& first = e[0];
    if (root) {
        solver.addConstraint(first.x == safeArea->x);
        solver.addConstraint(first.y == safeArea->y);
        solver.addConstraint(first.width == 0.25 * root->width);
    } else {
        solver.addConstraint(first.x == 0);
        solver.addConstraint(first.y == 0);
        solver.addConstraint(first.width == 100);
    }
    solver.addConstraint(first.height == 20);
    for (size_t i = 1; i < e.size(); ++i) {
        solver.addConstraint(e[i].x == e[i - 1].x + e[i - 1].width + 1);
        solver.addConstraint(e[i].y == e[i - 1].y + 0.5);
        solver.addConstraint((e[i].width == 0.5 * e[i - 1].width + 5) | priority750);
        solver.addConstraint(e[i].height == e[i - 1].height);
        solver.addConstraint(e[i].width >= 3);
    }
}

double readFrames(Solver& solver, const std::vector<Frame>& e) {
    solver.updateVariables();
    double sum = 0;
    for (const auto& f : e) sum += f.x.value() + f.y.value() + f.width.value() + f.height.value();
    return sum;
}

double bareChain(int count) {
    std::vector<Frame> e(count);
    Solver solver;
    chainEquations(solver, e, nullptr, nullptr);
    return readFrames(solver, e);
}

// The system our document layer builds for Benchmarks' chain document
// (SolverBenchmarks/EquationDocuments.swift), constraint for constraint and in the same
// order: the equations, then per element in order of first mention (e0, $safeArea, $root,
// e1…) either four pinned edits (a constant) or its defaults — intrinsic size edits,
// hugging at 250 and compression resistance at 750, its origin's edits and position 0 in
// its parent below any priority.
struct ChainSystem {
    Solver solver;
    std::vector<Frame> e;
    Frame root, safeArea;
    std::vector<Variable> intrinsicWidth, intrinsicHeight, originX, originY;

    explicit ChainSystem(int count) : e(count), intrinsicWidth(count), intrinsicHeight(count), originX(count), originY(count) {
        chainEquations(solver, e, &root, &safeArea);
        auto defaults = [this](int i) {
            solver.addEditVariable(intrinsicWidth[i], pinned);
            solver.addEditVariable(intrinsicHeight[i], pinned);
            solver.addConstraint((e[i].width <= intrinsicWidth[i]) | 1.0);
            solver.addConstraint((e[i].height <= intrinsicHeight[i]) | 1.0);
            solver.addConstraint((e[i].width >= intrinsicWidth[i]) | priority750);
            solver.addConstraint((e[i].height >= intrinsicHeight[i]) | priority750);
            solver.addEditVariable(originX[i], pinned);
            solver.addEditVariable(originY[i], pinned);
            solver.addConstraint((e[i].x == originX[i]) | 1e-4);
            solver.addConstraint((e[i].y == originY[i]) | 1e-4);
        };
        auto constant = [this](Frame& f) {
            for (Variable* v : {&f.x, &f.y, &f.width, &f.height}) solver.addEditVariable(*v, pinned);
        };
        defaults(0);
        constant(safeArea);
        constant(root);
        for (int i = 1; i < count; ++i) defaults(i);
    }

    // What a snapshot suggests, in our order: the constants, then each element's intrinsic
    // size and origin.
    double suggest(double width, double height, double top, double bottom) {
        const double frames[2][4] = {{0, top, width, height - top - bottom}, {0, 0, width, height}};
        const Frame* constants[2] = {&safeArea, &root};
        for (int c = 0; c < 2; ++c) {
            solver.suggestValue(constants[c]->x, frames[c][0]);
            solver.suggestValue(constants[c]->y, frames[c][1]);
            solver.suggestValue(constants[c]->width, frames[c][2]);
            solver.suggestValue(constants[c]->height, frames[c][3]);
        }
        for (size_t i = 0; i < e.size(); ++i) {
            solver.suggestValue(intrinsicWidth[i], 40);
            solver.suggestValue(intrinsicHeight[i], 20);
            solver.suggestValue(originX[i], 0);
            solver.suggestValue(originY[i], 0);
        }
        return readFrames(solver, e);
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
    if (name.rfind("chain-eq-", 0) == 0) {
        int count = std::atoi(name.c_str() + 9);
        bool full = name.find("-full") != std::string::npos, resize = name.find("-resize") != std::string::npos;
        if (resize) {
            // Built and suggested for phone portrait untimed; then one other profile, in turn.
            auto setup = [count] {
                auto system = std::make_unique<ChainSystem>(count);
                system->suggest(390, 844, 47, 34);
                return system;
            };
            static int turn = 0;
            return measure(samples, setup, [](std::unique_ptr<ChainSystem>& system) {
                const double sizes[3][4] = {{375, 667, 20, 0}, {430, 932, 59, 34}, {820, 1180, 24, 20}};
                const double* size = sizes[turn++ % 3];
                return system->suggest(size[0], size[1], size[2], size[3]);
            });
        }
        if (full) {
            return measure(samples, [] { return 0; }, [count](int) { return ChainSystem(count).suggest(390, 844, 47, 34); });
        }
        return measure(samples, [] { return 0; }, [count](int) { return bareChain(count); });
    }
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
