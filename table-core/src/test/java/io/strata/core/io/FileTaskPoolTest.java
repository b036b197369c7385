package io.strata.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FileTaskPoolTest {

  private static final List<Integer> ITEMS = IntStream.range(0, 200).boxed().toList();

  @Test
  void mapKeepsTheItemsOrderAndRunsOnSeveralThreads() {
    Set<String> threads = ConcurrentHashMap.newKeySet();
    List<Integer> squares =
        FileTaskPool.withThreads(4)
            .map(
                ITEMS,
                i -> {
                  threads.add(Thread.currentThread().getName());
                  return i * i;
                });
    assertThat(squares).isEqualTo(ITEMS.stream().map(i -> i * i).toList());
    assertThat(threads).allMatch(name -> name.startsWith("strata-file-tasks-4-"));
  }

  @Test
  void aFailureIsThrownOnlyAfterEveryItemHasRun() {
    AtomicInteger ran = new AtomicInteger();
    assertThatThrownBy(
            () ->
                FileTaskPool.withThreads(4)
                    .forEach(
                        ITEMS,
                        i -> {
                          ran.incrementAndGet();
                          if (i == 7 || i == 150) {
                            throw new IllegalStateException("item " + i + " failed");
                          }
                        }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("item 7 failed")
        .satisfies(e -> assertThat(e.getSuppressed()).hasSize(1));
    assertThat(ran.get()).isEqualTo(ITEMS.size());
  }

  @Test
  void aNestedCallRunsInlineInsteadOfWaitingForItsOwnPool() {
    FileTaskPool pool = FileTaskPool.withThreads(2);
    List<Integer> sums =
        pool.map(
            ITEMS.subList(0, 8), i -> pool.map(ITEMS, j -> j).stream().mapToInt(j -> j + i).sum());
    assertThat(sums).hasSize(8).allMatch(s -> s >= 199 * 100);
  }

  @Test
  void oneThreadRunsInTheCaller() {
    String caller = Thread.currentThread().getName();
    assertThat(FileTaskPool.withThreads(1).map(ITEMS, i -> Thread.currentThread().getName()))
        .containsOnly(caller);
    assertThat(FileTaskPool.withThreads(null).threads())
        .isEqualTo(Runtime.getRuntime().availableProcessors());
  }
}
