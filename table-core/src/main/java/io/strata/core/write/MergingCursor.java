package io.strata.core.write;

import java.util.List;
import java.util.PriorityQueue;

/**
 * Merges sorted cursors into one in key order; between equal keys the cursor listed first wins, so
 * runs listed oldest first keep the arrival order of equal keys.
 */
final class MergingCursor implements RecordCursor {

  private final List<RecordCursor> inputs;
  private final BinaryKeyComparator keys;
  private final PriorityQueue<Integer> heads;
  private RecordCursor current;
  private int currentIndex;

  MergingCursor(List<RecordCursor> inputs, BinaryKeyComparator keys) {
    this.inputs = inputs;
    this.keys = keys;
    this.heads = new PriorityQueue<>(Math.max(1, inputs.size()), this::compare);
    for (int i = 0; i < inputs.size(); i++) {
      if (inputs.get(i).next()) {
        heads.add(i);
      }
    }
  }

  private int compare(int a, int b) {
    RecordCursor x = inputs.get(a);
    RecordCursor y = inputs.get(b);
    int c = keys.compare(x.buffer(), x.offset(), y.buffer(), y.offset());
    return c != 0 ? c : Integer.compare(a, b);
  }

  @Override
  public boolean next() {
    if (current != null && current.next()) {
      // Runs often continue for a while; a cursor still ahead of every other head stays out of
      // the queue, which costs one comparison instead of a removal and an insertion.
      Integer head = heads.peek();
      if (head == null || compare(currentIndex, head) < 0) {
        return true;
      }
      heads.add(currentIndex);
    }
    Integer head = heads.poll();
    current = head == null ? null : inputs.get(head);
    currentIndex = head == null ? -1 : head;
    return current != null;
  }

  @Override
  public byte[] buffer() {
    return current.buffer();
  }

  @Override
  public int offset() {
    return current.offset();
  }

  @Override
  public int length() {
    return current.length();
  }

  @Override
  public void close() {
    inputs.forEach(RecordCursor::close);
  }
}
