/**
 * The k-th smallest of `values` (0-based): what `values` sorted ascending holds at k. Found by
 * Hoare's selection with a median-of-three pivot, in linear expected time, where sorting a long
 * recording's 36,000 values only to read one of them cost several times more. Reorders `values`.
 * Should the partitions stop shrinking (an input built against the pivot rule), the rest of the
 * range is sorted instead, so no input costs more than a sort.
 */
export function selectKthSmallest(values: number[], k: number): number {
  if (!(k >= 0 && k < values.length) || !Number.isInteger(k)) throw new RangeError(`k must be an index of values (${k} of ${values.length})`);
  let low = 0;
  let high = values.length - 1;
  let roundsLeft = 2 * Math.ceil(Math.log2(values.length + 1)) + 8;
  while (low < high) {
    if (roundsLeft-- === 0) {
      const rest = values.slice(low, high + 1).sort((a, b) => a - b);
      for (let i = 0; i < rest.length; i++) values[low + i] = rest[i]!;
      break;
    }
    const pivot = medianOfThree(values[low]!, values[(low + high) >> 1]!, values[high]!);
    let i = low;
    let j = high;
    // Both scans stop at values equal to the pivot, so runs of equal values split evenly.
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (pivot < values[j]!) j--;
      if (i <= j) {
        const swapped = values[i]!;
        values[i] = values[j]!;
        values[j] = swapped;
        i++;
        j--;
      }
    }
    // Now values[low..j] ≤ pivot ≤ values[i..high], and values strictly between j and i equal the pivot.
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else break;
  }
  return values[k]!;
}

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}
