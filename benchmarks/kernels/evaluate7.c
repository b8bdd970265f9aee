/* The evaluator's 7-card loop in C, for the kernel comparison of bench_kernels.py only: the same
   tables and steps as pysolver's numba kernel (pysolver/evaluator/_compiled.py). */
#include <stdint.h>
#define FLUSH_BIAS (0x3333LL << 32)
#define FLUSH_OR_BAD ((int64_t)0xF000888800000000ULL)

static inline int lane(int64_t word0) {
    int64_t suits = (word0 >> 35) & 0x1111;
    return suits & 1 ? 0 : suits & 0x10 ? 16 : suits & 0x100 ? 32 : 48;
}

int64_t evaluate7(const uint8_t *flat, int16_t *out, const int64_t *word0_of, const int64_t *word1_of,
                  const int32_t *rank_offsets, const int16_t *rank_values, const int16_t *flush_values,
                  int64_t start, int64_t stop) {
    for (int64_t i = start; i < stop; ++i) {
        const uint8_t *hand = flat + 7 * i;
        int64_t word0 = FLUSH_BIAS;
        for (int j = 0; j < 7; ++j) word0 += word0_of[hand[j]];
        int64_t key = word0 & 0x1FFFFFF;
        int16_t value = rank_values[key + rank_offsets[key >> 12]];
        if (word0 & FLUSH_OR_BAD) {
            if (word0 >> 60) return i;
            int64_t word1 = 0;
            for (int j = 0; j < 7; ++j) word1 += word1_of[hand[j]];
            int16_t flush = flush_values[(word1 >> lane(word0)) & 0x1FFF];
            if (flush > value) value = flush;
        }
        out[i] = value;
    }
    return -1;
}
