package io.strata.spark.read;

import java.util.Arrays;

/**
 * A tournament ("loser") tree over k sorted sources: the smallest current element is found in O(1),
 * and after its source advances the order is restored with log2(k) comparisons along one
 * leaf-to-root path, where a binary heap needs about twice as many.
 *
 * <p>Each internal node keeps the loser of the match played there; node 0 keeps the overall winner.
 * Example with sources whose heads are {@code [7, 3, 5]}: leaves sit at positions 3, 4, 5; node 2
 * plays 3 against 5 and keeps 5, node 1 plays 7 against 3 and keeps 7, node 0 holds source 1 (head
 * 3). When source 1 advances to 9, it replays node 2 (5 wins, 9 stays) then node 1 (5 beats 7) and
 * source 2 becomes the winner.
 *
 * <p>An exhausted source loses every match, so {@link #winner()} is -1 once all are exhausted.
 */
final class LoserTree {

  /** The order of the sources' current elements; must be total (break ties by source index). */
  interface Order {
    int compare(int source, int other);
  }

  /** Whether each source still has a current element. */
  interface Liveness {
    boolean live(int source);
  }

  private static final int EMPTY = -1;

  private final int size;
  private final int[] nodes;
  private final Order order;
  private final Liveness liveness;

  /** A tree over {@code size} sources; call {@link #init()} once they are positioned. */
  LoserTree(int size, Order order, Liveness liveness) {
    this.size = size;
    this.nodes = new int[Math.max(size, 1)];
    this.order = order;
    this.liveness = liveness;
  }

  /** Plays every match from the sources' current elements. */
  void init() {
    Arrays.fill(nodes, EMPTY);
    if (size == 0) {
      return;
    }
    for (int s = 0; s < size; s++) {
      replay(s);
    }
  }

  /** The source with the smallest current element, or -1 when every source is exhausted. */
  int winner() {
    int w = size == 0 ? EMPTY : nodes[0];
    return w == EMPTY || !liveness.live(w) ? EMPTY : w;
  }

  /**
   * Restores the order after {@code source} (the winner, or any source during {@link #init()})
   * moved to its next element or was exhausted.
   */
  void replay(int source) {
    int winner = source;
    for (int node = (source + size) >> 1; node > 0; node >>= 1) {
      int parked = nodes[node];
      if (parked == EMPTY) {
        // Only while initializing: the first source to reach a node waits there for its rival.
        nodes[node] = winner;
        return;
      }
      if (beats(parked, winner)) {
        nodes[node] = winner;
        winner = parked;
      }
    }
    nodes[0] = winner;
  }

  private boolean beats(int a, int b) {
    if (!liveness.live(a)) {
      return false;
    }
    return !liveness.live(b) || order.compare(a, b) < 0;
  }
}
