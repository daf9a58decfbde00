/* zone.c - a test object for quill bench size (t4500), built with gcc -O2
 * twice: -DVARIANT=1, the helper only "static inline" (gcc keeps it out
 * of line), and -DVARIANT=2, the helper always_inline (gone into its
 * callers, which grow), a function added, a data and a bss object removed,
 * a read-only table and a clone grown.  -DWITH_MAIN makes it a program. */
#if VARIANT == 1
#define HELPER static inline
#else
#define HELPER static inline __attribute__((always_inline))
#endif

struct zone {
	unsigned long free, min, low, high;
	const char *name;
};

/* a read-only table: nm's 'r' */
static const unsigned char zone_shift[] = { 1, 3, 5, 7, 2, 4, 6, 8, 9, 11, 13, 15,
#if VARIANT == 2
					    10, 12, 14, 16,
#endif
};

/* too big for gcc -O2 to inline everywhere unless forced */
HELPER unsigned long zone_watermark(const struct zone *z, int order, unsigned long mark)
{
	unsigned long free = z->free;

	for (int o = 0; o < order; o++) {
		unsigned s = zone_shift[o % sizeof(zone_shift)];

		free -= (free >> s) + (unsigned long)o * 7;
		if (free < mark + z->min)
			return 0;
		mark = (mark * 3) / 2 + z->low;
		if (mark > z->high)
			mark = z->high - (mark >> s);
		if ((free ^ mark) & (1UL << s))
			free = free / (s + 1) * s;
	}
	if (free > z->high * 4)
		free = z->high * 4 + (free & 0xff);
	switch (order & 7) {
	case 0: return free - mark;
	case 1: return (free - mark) / 3;
	case 2: return (free - mark) >> 2 | z->min;
	case 3: return (free * 5 - mark) / 7 + z->low;
	case 4: return (free | mark) / 11 - z->min;
	case 5: return (free & ~mark) % 13 + z->high;
	case 6: return free / (mark | 1) * z->low;
	default: return (free > mark ? free - mark : 0) ^ z->low;
	}
}

/* called with a constant only: gcc -O2 clones it as
 * zone_account.constprop.0, which bloat-o-meter shows as
 * zone_account.constprop */
static __attribute__((noinline)) unsigned long zone_account(unsigned long *v, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		v[i] = v[i] * 3 + i
#if VARIANT == 2
		       + (v[i] >> 7)
#endif
		;
	return v[0];
}

unsigned long zone_counters[8];

unsigned long zone_account_all(void)
{
	return zone_account(zone_counters, 8);
}

/* two statics of one name: calls.0 and calls.1 to nm */
unsigned long zone_ok(const struct zone *z, int order)
{
	static unsigned long calls;

	calls++;
	return zone_watermark(z, order, z->low) + calls;
}

unsigned long zone_ok_high(const struct zone *z, int order)
{
	static unsigned long calls;

	calls += 2;
	return zone_watermark(z, order, z->high) + zone_watermark(z, order + 1, z->min) + calls;
}

unsigned long zone_ok_min(const struct zone *z)
{
	return zone_watermark(z, 2, z->min) + zone_watermark(z, 5, z->low);
}

const char *const zone_names[] = { "DMA", "DMA32", "Normal", "Movable",
#if VARIANT == 2
				   "Device",
#endif
};

struct zone zone_table[4];

#if VARIANT == 1
int zone_debug_level = 3;	/* data, gone in variant 2 */
static char zone_scratch[256];	/* bss, gone in variant 2 */
char *zone_scratch_get(void) { return zone_scratch + zone_debug_level; }
#else
unsigned long zone_reset(struct zone *z)	/* a function, new in variant 2 */
{
	unsigned long old = z->free;

	z->free = z->high;
	return old;
}
#endif

#ifdef WITH_MAIN
/* linked into a program: the crt files' symbols, glibc's versioned ones */
#include <stdio.h>

int main(void)
{
	struct zone z = { 1000, 10, 20, 30, "Normal" };

	printf("%lu %lu %lu\n", zone_ok(&z, 3), zone_ok_high(&z, 2), zone_ok_min(&z));
	return 0;
}
#endif
