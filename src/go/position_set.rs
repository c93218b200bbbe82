//! A set of 64-bit position hashes for superko checks: open addressing with linear probing,
//! no hashing of the (already random) Zobrist keys, and clearing without freeing memory, so a
//! playout loop allocates nothing.

/// A set of Zobrist hashes.
#[derive(Debug)]
pub struct PositionSet {
    slots: Vec<u64>,
    len: usize,
    /// 0 marks a free slot, so the hash 0 (the empty board) is kept aside.
    has_zero: bool,
}

impl Clone for PositionSet {
    fn clone(&self) -> PositionSet {
        PositionSet {
            slots: self.slots.clone(),
            len: self.len,
            has_zero: self.has_zero,
        }
    }

    fn clone_from(&mut self, src: &PositionSet) {
        self.slots.clone_from(&src.slots);
        self.len = src.len;
        self.has_zero = src.has_zero;
    }
}

impl Default for PositionSet {
    fn default() -> Self {
        PositionSet::with_capacity(64)
    }
}

impl PositionSet {
    /// A set that holds `n` hashes before it grows.
    pub fn with_capacity(n: usize) -> PositionSet {
        let cap = (n * 2).next_power_of_two().max(16);
        PositionSet {
            slots: vec![0; cap],
            len: 0,
            has_zero: false,
        }
    }

    pub fn len(&self) -> usize {
        self.len + usize::from(self.has_zero)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    fn slot_of(&self, h: u64) -> usize {
        (h as usize) & (self.slots.len() - 1)
    }

    /// Whether the hash is in the set.
    #[inline]
    pub fn contains(&self, h: u64) -> bool {
        if h == 0 {
            return self.has_zero;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(h);
        loop {
            match self.slots[i] {
                0 => return false,
                x if x == h => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds a hash; returns false when it was already there.
    pub fn insert(&mut self, h: u64) -> bool {
        if h == 0 {
            return !std::mem::replace(&mut self.has_zero, true);
        }
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(h);
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = h;
                    self.len += 1;
                    return true;
                }
                x if x == h => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Removes a hash (backward-shift deletion keeps probe chains intact); returns whether it was there.
    pub fn remove(&mut self, h: u64) -> bool {
        if h == 0 {
            return std::mem::replace(&mut self.has_zero, false);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(h);
        loop {
            match self.slots[i] {
                0 => return false,
                x if x == h => break,
                _ => i = (i + 1) & mask,
            }
        }
        self.slots[i] = 0;
        self.len -= 1;
        let mut hole = i;
        let mut j = (i + 1) & mask;
        while self.slots[j] != 0 {
            let home = self.slot_of(self.slots[j]);
            // Move slot j into the hole when its home is not cyclically within (hole, j].
            let within = if hole <= j {
                hole < home && home <= j
            } else {
                hole < home || home <= j
            };
            if !within {
                self.slots[hole] = self.slots[j];
                self.slots[j] = 0;
                hole = j;
            }
            j = (j + 1) & mask;
        }
        true
    }

    /// Empties the set, keeping its memory.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill(0);
        }
        self.len = 0;
        self.has_zero = false;
    }

    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.len = 0;
        for h in old.into_iter().filter(|&h| h != 0) {
            self.insert(h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn behaves_like_a_hash_set_under_mixed_operations() {
        let mut ours = PositionSet::with_capacity(4);
        let mut reference = HashSet::new();
        let mut x: u64 = 12345;
        for step in 0..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Few distinct low bits so that probe chains collide and wrap around.
            let h = (x % 64) << 40 | (x % 7);
            if step % 3 == 0 {
                assert_eq!(ours.remove(h), reference.remove(&h));
            } else {
                assert_eq!(ours.insert(h), reference.insert(h));
            }
            assert_eq!(ours.len(), reference.len());
        }
        for h in &reference {
            assert!(ours.contains(*h));
        }
        ours.clear();
        assert!(ours.is_empty() && !ours.contains(0));
    }
}
