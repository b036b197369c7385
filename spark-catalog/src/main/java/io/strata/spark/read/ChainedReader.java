package io.strata.spark.read;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * Reads the splits of one task one after another, opening each only when the previous one is
 * exhausted, so a task holds one open split at a time.
 */
final class ChainedReader<S, T> implements PartitionReader<T> {

  private final Iterator<S> sources;
  private final Function<S, PartitionReader<T>> open;
  private PartitionReader<T> current;

  ChainedReader(List<S> sources, Function<S, PartitionReader<T>> open) {
    this.sources = sources.iterator();
    this.open = open;
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      if (current != null && current.next()) {
        return true;
      }
      if (current != null) {
        current.close();
        current = null;
      }
      if (!sources.hasNext()) {
        return false;
      }
      current = open.apply(sources.next());
    }
  }

  @Override
  public T get() {
    return current.get();
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
  }
}
