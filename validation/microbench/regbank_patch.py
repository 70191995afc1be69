#!/usr/bin/env python3
"""Writes the register-bank probe's variants (regbank_probe.cu).

Each variant is a copy of the compiled cubin whose unguarded register-register FFMAs (low 16 bits
0x7223) in the kernel's .text keep their destination and read the registers the variant names,
with its reuse flags and stall count.
    python3 regbank_patch.py probe.cubin out_dir     (writes out_dir/<variant>.cubin, variants.csv)
sm_90 encoding (as cuobjdump prints it, e.g. `FFMA R5, R2, R5, R2 ; 0x0000000502057223` with
`0x000fe20003f06270` below it): Rd bits 16-23, Ra bits 24-31, Rb bits 32-39 of the low word, Rc
bits 0-7 of the high word; the control code in the high word's bits 41-61 (src/sass/
control-code.ts): stall 41-44, yield 45, barriers 46-57, reuse 58-61 (slot a at bit 58).
"""
import struct, sys, os

# name, (Ra, Rb, Rc) (255 = RZ), reuse slots (a=1, b=2, c=4), stall; or a list of
# ((Ra, Rb, Rc), reuse) pairs that the kernel's FFMAs take in turn.
VARIANTS = [
    ("distinct_eoe", (2, 3, 4), 0, 1),  # banks (mod 2) 0 1 0
    ("distinct_oeo", (3, 4, 5), 0, 1),  # 1 0 1
    ("all_even", (2, 4, 6), 0, 1),
    ("all_odd", (3, 5, 7), 0, 1),
    ("ab_even_c_odd", (2, 4, 3), 0, 1),  # mod 4: 2 0 3 (distinct)
    ("ab_mod4_same", (2, 6, 3), 0, 1),  # mod 4: 2 2 3
    ("ac_mod4_same", (2, 3, 6), 0, 1),
    ("ab_same_reg", (2, 2, 3), 0, 1),
    ("abc_same_reg", (2, 2, 2), 0, 1),
    ("ab_same_reg_c_even", (2, 2, 4), 0, 1),
    ("two_even_rz", (2, 4, 255), 0, 1),
    ("two_mixed_rz", (2, 3, 255), 0, 1),
    ("all_even_reuse_a", (2, 4, 6), 1, 1),
    ("all_even_reuse_ab", (2, 4, 6), 3, 1),
    ("all_even_reuse_abc", (2, 4, 6), 7, 1),
    ("ab_even_reuse_a", (2, 4, 3), 1, 1),
    ("all_even_s2", (2, 4, 6), 0, 2),
    ("distinct_eoe_s2", (2, 3, 4), 0, 2),
    # Does a cached operand outlive the next instruction? R2 is cached by every other FFMA.
    ("alternate_reuse_a", [((2, 4, 6), 1), ((8, 10, 12), 0)], None, 1),
    ("alternate_no_reuse", [((2, 4, 6), 0), ((8, 10, 12), 0)], None, 1),
    # Slot matters? R2 cached from slot a, read in slot b next.
    ("reuse_a_read_b", [((2, 4, 6), 1), ((8, 2, 10), 0)], None, 1),
    ("reuse_a_read_a", [((2, 4, 6), 1), ((2, 8, 10), 0)], None, 1),
    # Is the hold the whole register file's, or only the busy bank's? In turn with R2 R4 R6:
    ("alt_even3_odd3", [((2, 4, 6), 0), ((3, 5, 7), 0)], None, 1),
    ("alt_even3_none", [((2, 4, 6), 0), ((255, 255, 255), 0)], None, 1),
    ("alt_even3_odd1", [((2, 4, 6), 0), ((3, 255, 255), 0)], None, 1),
    ("alt_even2_odd2", [((2, 4, 255), 0), ((3, 5, 255), 0)], None, 1),
    ("alt_even2_even1", [((2, 4, 255), 0), ((6, 255, 255), 0)], None, 1),
]
# Guards (bits 12-15 of the low word): 0x7 is PT, 0xf is @!PT (no lane executes it). (Patching
# the opcode to IMAD or IADD3 the same way broke the kernel: their other fields differ.)
GUARDED = [
    ("never_all_even", (2, 4, 6), 0xF),
    ("never_distinct", (2, 3, 255), 0xF),
]


def text_section(buf):
    shoff, = struct.unpack_from("<Q", buf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", buf, 0x3A)
    str_off, = struct.unpack_from("<Q", buf, shoff + shstrndx * shentsize + 0x18)
    for i in range(shnum):
        h = shoff + i * shentsize
        name_off, = struct.unpack_from("<I", buf, h)
        end = buf.index(b"\0", str_off + name_off)
        if buf[str_off + name_off:end] == b".text.probe":
            return struct.unpack_from("<QQ", buf, h + 0x18)
    sys.exit(f"{sys.argv[1]}: no .text.probe section")


def main():
    src, out = sys.argv[1], sys.argv[2]
    original = open(src, "rb").read()
    offset, size = text_section(original)
    os.makedirs(out, exist_ok=True)
    rows = ["variant,sources_reuse,stall,ffmas_patched"]
    m8 = 0xFF
    every = [(name, regs, reuse, stall, 0x7) for name, regs, reuse, stall in VARIANTS] + [(name, regs, 0, 1, guard) for name, regs, guard in GUARDED]
    for name, regs, reuse, stall, guard in every:
        pattern = regs if isinstance(regs, list) else [(regs, reuse)]
        buf = bytearray(original)
        n = 0
        for at in range(offset, offset + size, 16):
            lo, hi = struct.unpack_from("<QQ", buf, at)
            if lo & 0xFFFF != 0x7223:
                continue
            (ra, rb, rc), reuse = pattern[n % len(pattern)]
            lo = (lo & ~(0xF << 12) & ~(m8 << 24) & ~(m8 << 32)) | (guard << 12) | (ra << 24) | (rb << 32)
            hi = (hi & ~m8) | rc
            hi = (hi & ~(0xF << 41)) | (stall << 41)
            hi = (hi & ~(0xF << 58)) | (reuse << 58)
            struct.pack_into("<QQ", buf, at, lo & (2**64 - 1), hi & (2**64 - 1))
            n += 1
        open(os.path.join(out, name + ".cubin"), "wb").write(buf)
        shown = " ".join(f"R{a}.R{b}.R{c}/{r}" for (a, b, c), r in pattern) + ("" if guard == 0x7 else f" op 0x223 guard 0x{guard:x}")
        rows.append(",".join(map(str, (name, shown, stall, n))))
    open(os.path.join(out, "variants.csv"), "w").write("\n".join(rows) + "\n")
    print("\n".join(rows))


main()
