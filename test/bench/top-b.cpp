// The numeric core's top-B for test/bench/plan-list.ts: the B best of N indices in list order (higher
// index first, ties by lower tie rank) among the eligible, with std::nth_element and std::sort.
// For each file named on a line of its standard input: reads N, B, reps, then N doubles (index), N int32 (tie
// rank), N bytes (eligible); prints the CPU time of each repetition in ms and a checksum of the chosen arms (sum of
// arm * (rank + 1)). One process for the whole benchmark: a fork of the Node process per round would leave its
// pages copy-on-write, and the list written after it paid a page fault per page it wrote (2-3x its CPU time).
// Built by the benchmark with g++ -O2 -march=native into a temporary folder.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

static double cpuMs() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int topB(const char* file) {
  FILE* f = fopen(file, "rb");
  int32_t head[3];
  if (!f || fread(head, 4, 3, f) != 3) return 1;
  const int32_t n = head[0], budget = head[1], reps = head[2];
  std::vector<double> index(n);
  std::vector<int32_t> tie(n);
  std::vector<uint8_t> eligible(n);
  if (fread(index.data(), 8, n, f) != size_t(n) || fread(tie.data(), 4, n, f) != size_t(n) ||
      fread(eligible.data(), 1, n, f) != size_t(n)) return 1;
  fclose(f);
  auto before = [&](int32_t a, int32_t b) {
    double x = index[a] + 0.0, y = index[b] + 0.0;
    return x != y ? x > y : tie[a] < tie[b];
  };
  std::vector<int32_t> arms;
  double checksum = 0;
  for (int r = 0; r < reps; r++) {
    double start = cpuMs();
    arms.clear();
    for (int32_t a = 0; a < n; a++) if (eligible[a]) arms.push_back(a);
    const size_t k = std::min<size_t>(budget, arms.size());
    std::nth_element(arms.begin(), arms.begin() + k, arms.end(), before);
    std::sort(arms.begin(), arms.begin() + k, before);
    double ms = cpuMs() - start;
    checksum = 0;
    for (size_t j = 0; j < k; j++) checksum += double(arms[j]) * double(j + 1);
    printf("%.3f\n", ms);
  }
  printf("checksum %.0f\n", checksum);
  fflush(stdout);
  return 0;
}

int main() {
  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    if (topB(line) != 0) return 1;
  }
  return 0;
}
