#!/usr/bin/env python3
"""Prints cuobjdump -sass output with each instruction's control code decoded.

    python3 validation/microbench/sass_control.py sass.txt [function-name-substring]

Volta and later keep the control code in bits 41-61 of an instruction's second 64-bit word:
stall count (4 bits: cycles before the warp's next instruction may issue), yield, write and
read barrier, wait mask, reuse. ptxas sets the stall counts; the hardware waits them out
whatever the operands, and ncu counts those cycles as `wait`. warpsim takes them as `[S4]`.
"""
import re
import sys

lines = open(sys.argv[1]).read().split("\n")
want = sys.argv[2] if len(sys.argv) > 2 else ""
show = want == ""
i = 0
while i < len(lines):
    line = lines[i]
    if "Function : " in line:
        show = want in line
        if show:
            print(line.strip())
    m = re.match(r"\s*/\*([0-9a-f]{4})\*/\s*(.*?);\s*/\* (0x[0-9a-f]+) \*/", line)
    if m and i + 1 < len(lines):
        hi = re.search(r"/\* (0x[0-9a-f]+) \*/", lines[i + 1])
        if show and hi:
            h = int(hi.group(1), 16)
            stall, yld, wb, rb, wait = (h >> 41) & 0xF, (h >> 45) & 1, (h >> 46) & 7, (h >> 49) & 7, (h >> 52) & 0x3F
            bar = lambda b: "-" if b == 7 else str(b)
            print(f"{m.group(1)} S{stall:<2} Y{yld} wb{bar(wb)} rb{bar(rb)} wait{wait:06b}  {m.group(2).strip()}")
        i += 2
        continue
    i += 1
