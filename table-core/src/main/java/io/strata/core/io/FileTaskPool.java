package io.strata.core.io;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Bounded parallelism for maintenance that touches many files (expiration, tag deletion, orphan
 * removal): every call runs its items on one shared daemon pool of the requested size and returns
 * only when all of them have finished, so a caller can order whole phases (data files before
 * manifests before snapshot files) and a failure of one item never lets the next phase start.
 *
 * <p>A task that itself calls this class runs its items inline: a bounded pool whose threads wait
 * for tasks queued behind them would deadlock.
 */
public final class FileTaskPool {

  private static final Map<Integer, ExecutorService> POOLS = new ConcurrentHashMap<>();
  private static final ThreadLocal<Boolean> IN_POOL = ThreadLocal.withInitial(() -> false);

  /** At most this many failures are attached to the one rethrown. */
  private static final int MAX_SUPPRESSED = 10;

  private final int threads;

  private FileTaskPool(int threads) {
    this.threads = threads;
  }

  /** A pool of {@code threads} threads; null means the JVM's available processors. */
  public static FileTaskPool withThreads(Integer threads) {
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    return new FileTaskPool(Math.max(1, n));
  }

  public int threads() {
    return threads;
  }

  /**
   * {@code fn} of every item, in the items' order. When any call fails, the first failure (by item
   * order) is thrown after all calls have ended, carrying a few others as suppressed.
   */
  public <T, R> List<R> map(Collection<T> items, Function<T, R> fn) {
    if (threads == 1 || items.size() <= 1 || IN_POOL.get()) {
      List<R> results = new ArrayList<>(items.size());
      for (T item : items) {
        results.add(fn.apply(item));
      }
      return results;
    }
    ExecutorService pool = POOLS.computeIfAbsent(threads, FileTaskPool::newPool);
    List<CompletableFuture<R>> futures = new ArrayList<>(items.size());
    for (T item : items) {
      futures.add(CompletableFuture.supplyAsync(() -> fn.apply(item), pool));
    }
    return join(futures);
  }

  /** Runs {@code action} on every item; failures as in {@link #map}. */
  public <T> void forEach(Collection<T> items, Consumer<T> action) {
    map(
        items,
        item -> {
          action.accept(item);
          return null;
        });
  }

  /** {@code fn} of every item, concatenated in the items' order. */
  public <T, R> List<R> flatMap(Collection<T> items, Function<T, List<R>> fn) {
    List<R> all = new ArrayList<>();
    map(items, fn).forEach(all::addAll);
    return all;
  }

  private static <R> List<R> join(List<CompletableFuture<R>> futures) {
    List<R> results = new ArrayList<>(futures.size());
    RuntimeException first = null;
    for (CompletableFuture<R> f : futures) {
      try {
        results.add(f.join());
      } catch (CompletionException e) {
        RuntimeException cause =
            e.getCause() instanceof RuntimeException r ? r : new CompletionException(e.getCause());
        if (first == null) {
          first = cause;
        } else if (first.getSuppressed().length < MAX_SUPPRESSED && first != cause) {
          first.addSuppressed(cause);
        }
      }
    }
    if (first != null) {
      throw first;
    }
    return results;
  }

  private static ExecutorService newPool(int threads) {
    AtomicInteger count = new AtomicInteger();
    return Executors.newFixedThreadPool(
        threads,
        r -> {
          Thread t =
              new Thread(
                  () -> {
                    IN_POOL.set(true);
                    r.run();
                  },
                  "strata-file-tasks-" + threads + "-" + count.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }
}
