/* The evaluator's 7-card loop in C, for the kernel comparison of bench_kernels.py only: the same
   tables and steps as pysolver's numba kernel (pysolver/evaluator/_compiled.py). */
#include <stdint.h>
#define FLUSH_BIAS (0x3333LL << 32)
#define FLUSH_OR_BAD ((int64_t)0xF000888800000000ULL)
#define BLOCK_ROWS 1024

static inline int lane(int64_t word0) {
    int64_t suits = (word0 >> 35) & 0x1111; /* one bit: the flush suit's */
    return 16 * ((suits > 1) + (suits > 0x10) + (suits > 0x100));
}

int64_t evaluate7(const uint8_t *flat, int16_t *out, const int64_t *word0_of, const int64_t *word1_of,
                  const uint16_t *rank_starts, const int16_t *rank_values, const int16_t *flush_values,
                  int64_t start, int64_t stop) {
    int32_t listed[BLOCK_ROWS];
    for (int64_t block = start; block < stop; block += BLOCK_ROWS) {
        int64_t size = stop - block < BLOCK_ROWS ? stop - block : BLOCK_ROWS, n = 0;
        for (int64_t m = 0; m < size; ++m) { /* no branch: flush and bad-card rows listed */
            const uint8_t *hand = flat + 7 * (block + m);
            int64_t word0 = FLUSH_BIAS;
            for (int j = 0; j < 7; ++j) word0 += word0_of[hand[j]];
            int64_t key = word0 & 0x1FFFFFF;
            out[block + m] = rank_values[(key & 4095) + 2 * (int64_t)rank_starts[key >> 12]];
            listed[n] = (int32_t)m;
            n += (word0 & FLUSH_OR_BAD) != 0;
        }
        for (int64_t p = 0; p < n; ++p) {
            int64_t i = block + listed[p];
            const uint8_t *hand = flat + 7 * i;
            int64_t word0 = FLUSH_BIAS, word1 = 0;
            for (int j = 0; j < 7; ++j) { word0 += word0_of[hand[j]]; word1 += word1_of[hand[j]]; }
            if (word0 >> 60) return i;
            int16_t flush = flush_values[(word1 >> lane(word0)) & 0x1FFF];
            if (flush > out[i]) out[i] = flush;
        }
    }
    return -1;
}
