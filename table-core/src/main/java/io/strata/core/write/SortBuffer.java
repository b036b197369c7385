package io.strata.core.write;

import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows of one bucket serialized into pages of {@link WriteMemory}, with an index of (key prefix,
 * pointer) pairs in one {@code long[]} that is sorted in place: by prefix, then by the serialized
 * key, then by pointer — pointers grow with arrival, so equal keys keep their arrival order and the
 * sort needs no scratch memory. A pointer is the page number (high 32 bits) and the offset of the
 * record's 4-byte length in that page.
 */
final class SortBuffer {

  private static final long[] EMPTY = new long[0];
  private static final int INSERTION_SORT_MAX = 12;

  /** An index this long (in longs, 8 MB) or longer grows by a quarter instead of doubling. */
  private static final int LARGE_INDEX = 1 << 20;

  /** The longest index: an even number of longs a Java array can hold. */
  private static final int MAX_INDEX = Integer.MAX_VALUE - 9;

  /** Ranges at most this long are left to the comparison sort rather than split by a digit. */
  private static final int RADIX_MIN = 256;

  /** Per digit position (8 of them): each bucket's count, then its next free slot and end. */
  private final int[][] bucketNext = new int[8][257];

  private final int[][] bucketEnd = new int[8][256];

  private final WriteMemory memory;
  private final RowSerializer serializer;
  private final KeyPrefix prefix;
  private final BinaryKeyComparator keys;
  private final ByteOutput scratch = new ByteOutput();
  private final List<byte[]> pages = new ArrayList<>();
  private long pageBytes;
  private byte[] current;
  private int position;
  private long[] index = EMPTY;
  private int count;

  SortBuffer(WriteMemory memory, RowType fileType, RowType keyType) {
    this(memory, fileType, keyType, null, 0);
  }

  /**
   * A buffer that does not hold the fields {@code copyOf} marks, nor presence bytes of the {@code
   * requiredLeading} fields (see {@link RowSerializer}).
   */
  SortBuffer(
      WriteMemory memory, RowType fileType, RowType keyType, int[] copyOf, int requiredLeading) {
    this.memory = memory;
    this.serializer = new RowSerializer(fileType, fileType.size(), copyOf, requiredLeading);
    this.prefix = new KeyPrefix(keyType);
    this.keys = new BinaryKeyComparator(keyType, requiredLeading < keyType.size());
  }

  int size() {
    return count;
  }

  long memoryBytes() {
    return pageBytes + 8L * index.length;
  }

  /**
   * Serializes a file row (key fields first) into the buffer. Asking for memory may make the pool
   * release this very buffer (spill it), which is why each step is checked again.
   */
  void add(Object[] row) {
    scratch.reset();
    serializer.write(row, scratch);
    int need = 4 + scratch.size();
    long rowPrefix = prefix.of(row[0]);
    while (true) {
      if (2 * count + 2 > index.length) {
        growIndex();
      } else if (current == null || position + need > current.length) {
        byte[] page = need <= memory.pageSize() ? memory.page() : memory.largePage(need);
        pages.add(page);
        pageBytes += page.length;
        current = page;
        position = 0;
      } else {
        break;
      }
    }
    Bytes.putInt(current, position, scratch.size());
    System.arraycopy(scratch.buffer(), 0, current, position + 4, scratch.size());
    index[2 * count] = rowPrefix;
    index[2 * count + 1] = ((long) (pages.size() - 1) << 32) | position;
    count++;
    position += need;
  }

  /**
   * Doubles a small index; a large one grows by a quarter, since its unused tail counts against the
   * buffer's memory as records do: a doubled index is up to half unused (a quarter on average),
   * room that would otherwise hold records, so the buffer spills sooner. The length stays even, an
   * entry being two longs.
   */
  private void growIndex() {
    int step = index.length < LARGE_INDEX ? index.length : (index.length >>> 2) & ~1;
    int length =
        (int) Math.min(MAX_INDEX, Math.max(memory.firstIndexLength(), (long) index.length + step));
    memory.reserve(8L * length);
    long[] grown = new long[length];
    System.arraycopy(index, 0, grown, 0, 2 * count); // index and count re-read: may be cleared
    memory.free(8L * index.length);
    index = grown;
  }

  /** Returns every page and the index to the pool. */
  void clear() {
    memory.returnPages(pages);
    pages.clear();
    pageBytes = 0;
    current = null;
    memory.free(8L * index.length);
    index = EMPTY;
    count = 0;
  }

  /** The records in key order (equal keys in arrival order); valid until the buffer changes. */
  RecordCursor sorted() {
    radixSort(0, count, 0);
    return new RecordCursor() {
      private int next;
      private byte[] page;
      private int offset;
      private int length;

      @Override
      public boolean next() {
        if (next >= count) {
          return false;
        }
        long pointer = index[2 * next++ + 1];
        page = pages.get((int) (pointer >>> 32));
        int at = (int) pointer;
        length = Bytes.getInt(page, at);
        offset = at + 4;
        return true;
      }

      @Override
      public byte[] buffer() {
        return page;
      }

      @Override
      public int offset() {
        return offset;
      }

      @Override
      public int length() {
        return length;
      }
    };
  }

  /** Byte {@code depth} (0 the most significant) of entry {@code i}'s prefix, as unsigned order. */
  private int digit(int i, int depth) {
    return (int) ((index[2 * i] ^ Long.MIN_VALUE) >>> (56 - 8 * depth)) & 0xFF;
  }

  /**
   * In-place most-significant-digit radix sort of entries {@code [lo, hi)} by prefix, byte by byte
   * from {@code depth} on (American flag sort: no scratch memory, which the buffer's budget has no
   * room for); short ranges and ranges of one prefix go to the comparison sort, which also puts
   * equal prefixes in key, then arrival, order. Keys of one integral field sort in a few linear
   * passes, where quicksort needs about 20 comparisons per entry.
   */
  private void radixSort(int lo, int hi, int depth) {
    while (hi - lo > RADIX_MIN && depth < 8) {
      int[] next = bucketNext[depth];
      int[] end = bucketEnd[depth];
      Arrays.fill(next, 0);
      for (int i = lo; i < hi; i++) {
        next[digit(i, depth) + 1]++;
      }
      boolean oneByteValue = false;
      for (int b = 0; b < 256 && !oneByteValue; b++) {
        oneByteValue = next[b + 1] == hi - lo;
      }
      if (oneByteValue) {
        depth++; // every entry has this byte: the next one decides
        continue;
      }
      for (int b = 0; b < 256; b++) {
        next[b + 1] += next[b];
        end[b] = lo + next[b + 1];
        next[b] += lo;
      }
      for (int b = 0; b < 256; b++) {
        while (next[b] < end[b]) {
          int d = digit(next[b], depth);
          if (d == b) {
            next[b]++;
          } else {
            swap(next[b], next[d]++);
          }
        }
      }
      int start = lo;
      for (int b = 0; b < 256; b++) {
        if (end[b] - start > 1) {
          radixSort(start, end[b], depth + 1);
        }
        start = end[b];
      }
      return;
    }
    quickSort(lo, hi - 1);
  }

  private int compare(int i, int j) {
    int c = Long.compare(index[2 * i], index[2 * j]);
    if (c != 0) {
      return c;
    }
    long a = index[2 * i + 1];
    long b = index[2 * j + 1];
    if (!prefix.decides()) {
      c =
          keys.compare(
              pages.get((int) (a >>> 32)), (int) a + 4, pages.get((int) (b >>> 32)), (int) b + 4);
      if (c != 0) {
        return c;
      }
    }
    return Long.compare(a, b);
  }

  private void swap(int i, int j) {
    long p = index[2 * i];
    long q = index[2 * i + 1];
    index[2 * i] = index[2 * j];
    index[2 * i + 1] = index[2 * j + 1];
    index[2 * j] = p;
    index[2 * j + 1] = q;
  }

  /**
   * Quicksort of entries {@code [lo, hi]} with a median-of-three pivot, recursing into the smaller
   * side only (stack depth O(log n)); no two entries compare equal, so there are no runs of equal
   * elements to degrade it.
   */
  private void quickSort(int lo, int hi) {
    while (hi - lo > INSERTION_SORT_MAX) {
      int mid = (lo + hi) >>> 1;
      if (compare(mid, lo) < 0) {
        swap(mid, lo);
      }
      if (compare(hi, lo) < 0) {
        swap(hi, lo);
      }
      if (compare(hi, mid) < 0) {
        swap(hi, mid);
      }
      swap(mid, hi - 1); // the pivot waits at hi - 1
      int pivot = hi - 1;
      int i = lo;
      int j = hi - 1;
      while (true) {
        while (compare(++i, pivot) < 0) {}
        while (compare(--j, pivot) > 0) {}
        if (i >= j) {
          break;
        }
        swap(i, j);
      }
      swap(i, hi - 1);
      if (i - lo < hi - i) {
        quickSort(lo, i - 1);
        lo = i + 1;
      } else {
        quickSort(i + 1, hi);
        hi = i - 1;
      }
    }
    insertionSort(lo, hi);
  }

  private void insertionSort(int lo, int hi) {
    for (int i = lo + 1; i <= hi; i++) {
      for (int j = i; j > lo && compare(j, j - 1) < 0; j--) {
        swap(j, j - 1);
      }
    }
  }
}
