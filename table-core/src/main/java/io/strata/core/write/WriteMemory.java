package io.strata.core.write;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The write buffers' memory of one task: at most {@code write-buffer-size} bytes of pooled pages
 * and sort indexes, shared by the buckets it writes. When a buffer asks for more than is left, the
 * owner holding the most is told to release its memory (spill its sorted records to disk, or flush
 * them as a sorted run), as Paimon's writers share one pool. Pages are recycled, never freed, so
 * the pages ever allocated plus the indexes in use never exceed the limit (one row larger than a
 * page gets a page of its own, beyond the limit if nothing else can be released).
 */
final class WriteMemory {

  /** A holder of pages and index memory that can give them back. */
  interface Owner {
    /** Bytes of pages and index it holds. */
    long memoryBytes();

    /** Spills or flushes what it buffers and returns its pages and index. */
    void releaseMemory();
  }

  private static final int MIN_PAGE = 1024;
  private static final int MIN_PAGES = 16;

  private final long limit;
  private final int pageSize;
  private final Deque<byte[]> freePages = new ArrayDeque<>();
  private final List<Owner> owners = new ArrayList<>();
  private long committed;
  private long releases;

  /**
   * Memory of {@code limit} bytes in pages of {@code pageSize} bytes, or smaller pages when the
   * limit is small, so that a buffer always holds several pages.
   */
  WriteMemory(long limit, int pageSize) {
    this.limit = limit;
    this.pageSize = (int) Math.max(MIN_PAGE, Math.min(pageSize, limit / MIN_PAGES));
  }

  /** The first length of a sort index: small enough to leave room for pages in small buffers. */
  int firstIndexLength() {
    return (int) Math.max(16, Math.min(2048, limit / 64));
  }

  int pageSize() {
    return pageSize;
  }

  void register(Owner owner) {
    owners.add(owner);
  }

  void unregister(Owner owner) {
    owners.remove(owner);
  }

  /** How many times an owner was told to release its memory. */
  long releases() {
    return releases;
  }

  /** Bytes counted against the limit: every page allocated and the indexes in use. */
  long committedBytes() {
    return committed;
  }

  /** A page of {@link #pageSize()} bytes, recycled when possible; may release other owners. */
  byte[] page() {
    if (freePages.isEmpty()) {
      reserve(pageSize);
      if (freePages.isEmpty()) {
        return new byte[pageSize];
      }
      committed -= pageSize; // a release freed pages after all: use one of them
    }
    return freePages.pop();
  }

  /** A page for one record larger than a normal page; counted until it is returned. */
  byte[] largePage(int size) {
    reserve(size);
    return new byte[size];
  }

  /** Takes back pages; normal pages are kept for reuse, large ones dropped. */
  void returnPages(List<byte[]> pages) {
    for (byte[] p : pages) {
      if (p.length == pageSize) {
        freePages.push(p);
      } else {
        committed -= p.length;
      }
    }
  }

  /** Counts {@code bytes} more of index memory, releasing owners while over the limit. */
  void reserve(long bytes) {
    while (committed + bytes > limit) {
      if (!freePages.isEmpty()) {
        freePages.pop(); // the garbage collector takes it
        committed -= pageSize;
      } else if (!releaseLargest()) {
        break; // nothing left to release: one record is larger than the whole buffer
      }
    }
    committed += bytes;
  }

  void free(long bytes) {
    committed -= bytes;
  }

  private boolean releaseLargest() {
    Owner largest = null;
    for (Owner o : owners) {
      if (o.memoryBytes() > 0 && (largest == null || o.memoryBytes() > largest.memoryBytes())) {
        largest = o;
      }
    }
    if (largest == null) {
      return false;
    }
    long held = largest.memoryBytes();
    largest.releaseMemory();
    releases++;
    return largest.memoryBytes() < held; // guards against an owner that cannot release
  }
}
