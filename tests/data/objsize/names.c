/* names.c - symbol names for quill bench size (t4500): one longer than
 * bloat-o-meter's 40-character column, one in UTF-8, both a different size
 * in -DVARIANT=2. */
int zone_watermark_ok_for_high_order_allocations_safe(int *v, int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += v[i] * VARIANT;
#if VARIANT == 2
	for (int i = 0; i < n; i++)
		s ^= v[i] >> 3;
#endif
	return s;
}

int zone_größe(int x)
{
#if VARIANT == 2
	if (x > 100)
		return x / 7;
#endif
	return x * 3;
}
