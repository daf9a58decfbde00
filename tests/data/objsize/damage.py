#!/usr/bin/env python3
# damage.py OBJECT DIR - write damaged copies of a 64-bit little-endian ELF
# object into DIR, one file per damage (t4510): the file cut short at many
# offsets; the ELF header's section fields, every field of every section
# header and the fields of the first symbols set to values out of range
# (0, all ones, just past a table, the reserved section indices); the
# string tables' last bytes overwritten; and bytes flipped at random (a
# fixed seed, so every run writes the same files).  Prints how many.
import os
import random
import struct
import sys

src, out = sys.argv[1], sys.argv[2]
data = open(src, "rb").read()
assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "an ELF64 LSB object"
os.makedirs(out, exist_ok=True)
count = 0


def put(name, blob):
    global count
    with open(os.path.join(out, "%03d-%s" % (count, name)), "wb") as f:
        f.write(blob)
    count += 1


def patched(at, fmt, value):
    b = bytearray(data)
    size = struct.calcsize(fmt)
    value &= (1 << (8 * size)) - 1
    b[at:at + size] = struct.pack(fmt, value)
    return bytes(b)


shoff, = struct.unpack_from("<Q", data, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
sections = []
for i in range(shnum):
    base = shoff + i * shentsize
    name, typ, flags, addr, off, size, link, info, align, entsize = \
        struct.unpack_from("<IIQQQQIIQQ", data, base)
    sections.append(dict(base=base, name=name, type=typ, off=off, size=size, link=link,
                         entsize=entsize))

# cut short: the header, the section contents, the section headers
cuts = sorted(set([0, 1, 4, 16, 52, 63, 64, 65, 100, 200, 400, 700, 1000, 1500,
                   shoff - 1, shoff, shoff + 1, shoff + shentsize, shoff + 3 * shentsize + 7,
                   len(data) - shentsize, len(data) - 1]))
for n in cuts:
    if 0 <= n < len(data):
        put("cut-%d" % n, data[:n])

# the ELF header
for fmt, at, what, values in (
        ("<Q", 0x28, "shoff", [0, 1, len(data), len(data) - 1, shoff + 1, 1 << 63, -1]),
        ("<H", 0x3a, "shentsize", [0, 1, 63, 65, 0xffff]),
        ("<H", 0x3c, "shnum", [0, 1, 2, shnum - 1, shnum + 1, 0xffff]),
        ("<H", 0x3e, "shstrndx", [0, 1, shnum, shnum + 1, 0xff00, 0xffff])):
    for v in values:
        put("ehdr-%s-%d" % (what, v & 0xffffffffffffffff), patched(at, fmt, v))
put("ehdr-class32", patched(4, "<B", 1))
put("ehdr-msb", patched(5, "<B", 2))

# every section header's fields (one value of a few each, in turn)
for i, s in enumerate(sections):
    for fmt, at, what, values in (
            ("<I", 0, "name", [0xffffffff, 0x7fffffff, 1 << 20]),
            ("<I", 4, "type", [2, 3, 8, 18, 0x6ffffff5]),
            ("<Q", 8, "flags", [0x2, 0x6, -1]),
            ("<Q", 0x18, "offset", [len(data), -1, 1 << 40]),
            ("<Q", 0x20, "size", [s["size"] + 1, -1, 1 << 62]),
            ("<I", 0x28, "link", [0, shnum, 0xffffffff]),
            ("<Q", 0x38, "entsize", [0, 7, -1])):
        v = values[i % len(values)]
        put("sh%d-%s-%d" % (i, what, v & 0xffffffffffffffff), patched(s["base"] + at, fmt, v))
# an out-of-range name in the section names' own header, then in all
names = bytearray(data)
for s in sections:
    struct.pack_into("<I", names, s["base"], 0xfffffff0)
put("sh-all-names", bytes(names))

# the string tables' last bytes (no terminating NUL)
for i, s in enumerate(sections):
    if s["type"] == 3 and s["size"]:
        b = bytearray(data)
        for k in range(min(8, s["size"])):
            b[s["off"] + s["size"] - 1 - k] = ord("x")
        put("strtab%d-unterminated" % i, bytes(b))

# the first symbols' fields
for si, s in enumerate(sections):
    if s["type"] != 2 or s["entsize"] != 24:
        continue
    strsize = sections[s["link"]]["size"] if s["link"] < shnum else 0
    nsym = s["size"] // 24
    for k in range(1, min(nsym, 6)):
        base = s["off"] + 24 * k
        for fmt, at, what, values in (
                ("<I", 0, "name", [0xffffffff, strsize, strsize - 1]),
                ("<B", 4, "info", [0x12, 0x1a, 0x2a, 0xff]),
                ("<H", 6, "shndx", [shnum, shnum + 7, 0xff00, 0xff02, 0xfff1, 0xfff2, 0xffff]),
                ("<Q", 16, "size", [-1, 1 << 63, 1 << 62])):
            for v in values:
                put("sym%d-%s-%d" % (k, what, v & 0xffffffffffffffff), patched(base + at, fmt, v))

# random bytes, a fixed seed
rng = random.Random(4510)
for k in range(60):
    b = bytearray(data)
    for _ in range(rng.choice([1, 2, 4, 16])):
        if rng.random() < 0.5 and shnum:
            at = shoff + rng.randrange(shnum * shentsize)
        else:
            at = rng.randrange(len(b))
        if at < len(b):
            b[at] = rng.randrange(256)
    put("random-%d" % k, bytes(b))

print(count)
