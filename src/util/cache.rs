//! The machine's cache sizes, as Linux reports them (`/sys/devices/system/cpu/cpu0/cache/`):
//! the copy engine's thresholds that depend on them (when to stream, when a transpose asks for
//! its next band) read them once each. `None` elsewhere, or where the files cannot be read:
//! each caller then keeps the value it was measured with.

/// The size in bytes of CPU 0's first data or unified cache of `level` that Linux lists
/// (`index*/level` and `index*/size`, which reads like `8192K`).
pub(crate) fn cache_bytes(level: u8) -> Option<usize> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let dir = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    dir.filter_map(Result::ok).find_map(|entry| {
        let path = entry.path();
        let read = |name: &str| std::fs::read_to_string(path.join(name)).ok();
        if read("level")?.trim() != level.to_string() || read("type")?.trim() == "Instruction" {
            return None;
        }
        parse_size(&read("size")?)
    })
}

/// A sysfs cache size (`32K`, `8192K`, `260M`, or bytes) in bytes.
fn parse_size(text: &str) -> Option<usize> {
    let text = text.trim();
    let (digits, unit) = match text.strip_suffix('K') {
        Some(d) => (d, 1 << 10),
        None => match text.strip_suffix('M') {
            Some(d) => (d, 1 << 20),
            None => (text, 1),
        },
    };
    digits.parse::<usize>().ok()?.checked_mul(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_as_sysfs_writes_them() {
        assert_eq!(parse_size("8192K\n"), Some(8 << 20));
        assert_eq!(parse_size("260M"), Some(260 << 20));
        assert_eq!(parse_size("32768"), Some(32768));
        assert_eq!(parse_size("big"), None);
        assert_eq!(parse_size("99999999999999999999K"), None);
    }

    #[test]
    fn levels_nest_where_linux_lists_them() {
        // Where the machine lists both, the L2 is smaller than the L3 and larger than 16 KiB.
        if let (Some(l2), Some(l3)) = (cache_bytes(2), cache_bytes(3)) {
            assert!(l2 < l3 && l2 >= 16 << 10, "L2 {l2}, L3 {l3}");
        }
        assert_eq!(cache_bytes(9), None);
    }
}
