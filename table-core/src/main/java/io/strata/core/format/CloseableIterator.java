package io.strata.core.format;

import java.io.IOException;
import java.util.Iterator;

/** An iterator over a resource that must be closed. */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {

  @Override
  void close() throws IOException;
}
