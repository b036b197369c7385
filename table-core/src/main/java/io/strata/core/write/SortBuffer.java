package io.strata.core.write;

import io.strata.core.types.RowType;
import java.util.ArrayList;
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
    this.memory = memory;
    this.serializer = new RowSerializer(fileType);
    this.prefix = new KeyPrefix(keyType);
    this.keys = new BinaryKeyComparator(keyType);
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

  private void growIndex() {
    int length = Math.max(memory.firstIndexLength(), 2 * index.length);
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
    quickSort(0, count - 1);
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
