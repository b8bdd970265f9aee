// The evaluator's 7-card loop in Rust, for the kernel comparison of bench_kernels.py only: the same
// tables and steps as pysolver's numba kernel (pysolver/evaluator/_compiled.py), a C ABI for ctypes.
const FLUSH_BIAS: i64 = 0x3333i64 << 32;
const FLUSH_OR_BAD: i64 = 0xF000888800000000u64 as i64;
const BLOCK_ROWS: i64 = 1024;

#[inline]
fn lane(word0: i64) -> i64 {
    let suits = (word0 >> 35) & 0x1111;  // one bit: the flush suit's
    16 * ((suits > 1) as i64 + (suits > 0x10) as i64 + (suits > 0x100) as i64)
}

#[no_mangle]
pub unsafe extern "C" fn evaluate7(flat: *const u8, out: *mut i16, word0_of: *const i64, word1_of: *const i64,
                                   rank_starts: *const u16, rank_values: *const i16, flush_values: *const i16,
                                   start: i64, stop: i64) -> i64 {
    let mut listed = [0i32; BLOCK_ROWS as usize];
    let mut block = start;
    while block < stop {
        let size = (stop - block).min(BLOCK_ROWS);
        let mut n = 0usize;
        for m in 0..size {  // no branch: flush and bad-card rows listed
            let hand = flat.add(7 * (block + m) as usize);
            let mut word0 = FLUSH_BIAS;
            for j in 0..7 { word0 = word0.wrapping_add(*word0_of.add(*hand.add(j) as usize)); }
            let key = word0 & 0x1FFFFFF;
            let slot = (key & 4095) + 2 * *rank_starts.add((key >> 12) as usize) as i64;
            *out.add((block + m) as usize) = *rank_values.add(slot as usize);
            *listed.get_unchecked_mut(n) = m as i32;
            n += (word0 & FLUSH_OR_BAD != 0) as usize;
        }
        for p in 0..n {
            let i = block + *listed.get_unchecked(p) as i64;
            let hand = flat.add(7 * i as usize);
            let (mut word0, mut word1) = (FLUSH_BIAS, 0i64);
            for j in 0..7 {
                word0 = word0.wrapping_add(*word0_of.add(*hand.add(j) as usize));
                word1 = word1.wrapping_add(*word1_of.add(*hand.add(j) as usize));
            }
            if word0 >> 60 != 0 { return i; }
            let flush = *flush_values.add(((word1 >> lane(word0)) & 0x1FFF) as usize);
            if flush > *out.add(i as usize) { *out.add(i as usize) = flush; }
        }
        block += BLOCK_ROWS;
    }
    -1
}
