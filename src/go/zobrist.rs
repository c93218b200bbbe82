//! Zobrist keys for incremental position hashing, generated at compile time (splitmix64) so that
//! hashes are identical across runs and machines.

/// Number of cells of the largest padded board: (25 + 2)².
pub(crate) const MAX_CELLS: usize = (super::MAX_SIZE as usize + 2) * (super::MAX_SIZE as usize + 2);

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x5E47E_u64; // "sente"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// `KEYS[color][cell]`: the key of a stone of that colour on that padded cell index.
pub(crate) static KEYS: [[u64; MAX_CELLS]; 2] = make_keys();

/// Mixed into the hash for situational superko: whose turn it is matters there.
pub(crate) const WHITE_TO_MOVE: u64 = 0xA5C3_96E1_7B2D_4F08;
