package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LoserTreeTest {

  /** Sorted sources merged through the tree, as (value, source) pairs in the order taken. */
  private static List<long[]> merge(int[][] sources) {
    int[] positions = new int[sources.length];
    LoserTree tree =
        new LoserTree(
            sources.length,
            (a, b) -> {
              int c = Integer.compare(sources[a][positions[a]], sources[b][positions[b]]);
              return c != 0 ? c : Integer.compare(a, b);
            },
            s -> positions[s] < sources[s].length);
    tree.init();
    List<long[]> out = new ArrayList<>();
    for (int w = tree.winner(); w >= 0; w = tree.winner()) {
      out.add(new long[] {sources[w][positions[w]], w});
      positions[w]++;
      tree.replay(w);
    }
    return out;
  }

  @Test
  void mergesSortedSourcesOfEveryCountInOrderWithTiesBySource() {
    Random random = new Random(42);
    for (int k = 0; k <= 9; k++) {
      int[][] sources = new int[k][];
      int total = 0;
      for (int s = 0; s < k; s++) {
        sources[s] = random.ints(random.nextInt(6), 0, 8).sorted().toArray();
        total += sources[s].length;
      }
      List<long[]> merged = merge(sources);
      assertThat(merged).as("k=%d", k).hasSize(total);
      for (int i = 1; i < merged.size(); i++) {
        long[] prev = merged.get(i - 1);
        long[] cur = merged.get(i);
        assertThat(prev[0] < cur[0] || (prev[0] == cur[0] && prev[1] <= cur[1]))
            .as("k=%d, position %d", k, i)
            .isTrue();
      }
    }
  }

  @Test
  void theWorkedExampleOfTheJavadoc() {
    int[][] sources = {{7}, {3, 9}, {5}};
    List<long[]> merged = merge(sources);
    assertThat(merged).extracting(p -> p[0]).containsExactly(3L, 5L, 7L, 9L);
    assertThat(merged).extracting(p -> p[1]).containsExactly(1L, 2L, 0L, 1L);
  }

  @Test
  void treeOfExhaustedSourcesHasNoWinner() {
    assertThat(merge(new int[][] {{}, {}, {}})).isEmpty();
    assertThat(merge(new int[0][])).isEmpty();
  }
}
